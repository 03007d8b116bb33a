"""A second Chinese policy for the review benchmark, written for it (no sample text): a
company's 差旅费用管理制度 in 章 and 条 that states duties with 须/应/应当, forbids with
不得/严禁, sets allowances in a table and names what a breach costs. It says nothing true
about any real company; it only has the shape a reviewer meets.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf

from testkit.pdfgen import ruled_zh_table, write_zh_box

TITLE = "员工差旅费用管理制度"

CHAPTERS: list[tuple[str, list[str]]] = [
    (
        "第一章 总则",
        [
            "第一条 为加强差旅费用管理，规范出差审批和报销行为，根据公司财务管理规定，制定本制度。",
            "第二条 本制度适用于公司全体员工，包括试用期员工和劳务派遣人员。",
            "第三条 财务部负责差旅费用的审核和支付，各部门负责人负责本部门出差事项的审批。",
        ],
    ),
    (
        "第二章 出差审批",
        [
            "第四条 员工出差须事先在办公系统填写出差申请，经部门负责人批准后方可出行。",
            "第五条 出差时间超过五天或者前往境外的，须报分管副总经理审批。",
            "第六条 因紧急情况未能事先申请的，出差人应在返回后两个工作日内补办审批手续。",
        ],
    ),
    (
        "第三章 交通与住宿",
        [
            "第七条 员工乘坐交通工具和住宿应当符合附表规定的标准，超出标准的部分由个人承担。",
            "第八条 机票应通过公司指定的差旅平台预订，并选择经济舱。",
            "第九条 员工不得乘坐出租车往返于城市之间；市内交通优先使用公共交通工具。",
            "第十条 同一城市出差的同性别员工原则上两人合住一间。",
        ],
    ),
    (
        "第四章 报销",
        [
            "第十一条 出差人须在出差结束后十个工作日内提交报销单，并附发票、行程单等原始凭证。",
            "第十二条 报销单据应当真实、完整，发票抬头须为公司全称。",
            "第十三条 逾期三十日未提交报销的，财务部不予受理。",
            "第十四条 严禁虚报、冒领差旅费用，不得将私人旅游费用列入报销。",
        ],
    ),
    (
        "第五章 监督与责任",
        [
            "第十五条 财务部每季度对差旅费用进行抽查，抽查比例不低于百分之十。",
            "第十六条 违反本制度第十四条规定的，公司追回全部款项，并视情节给予警告、"
            "降级直至解除劳动合同的处分。",
            "第十七条 部门负责人审批不严造成损失的，应当承担相应的管理责任。",
            "第十八条 本制度由财务部负责解释，自二〇二六年一月一日起施行。",
        ],
    ),
]

TABLE_TITLE = "附表 差旅住宿与补助标准（元/人·天）"
TABLE: list[tuple[str, str, str]] = [
    ("职级", "住宿费上限", "伙食补助"),
    ("总监及以上", "800", "150"),
    ("经理", "600", "120"),
    ("其他员工", "450", "100"),
]


def _table(page: pymupdf.Page, top: float) -> float:
    return ruled_zh_table(page, top, TABLE_TITLE, list(TABLE), [72.0, 260.0, 400.0, 523.0])


def travel_zh_pdf(path: Path) -> Path:
    """The policy as a PDF: title, chapters of 条, the allowance table on the last page."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = write_zh_box(page, 60, TITLE, 16)
    for heading, articles in CHAPTERS:
        if y > 640:
            page, y = doc.new_page(width=595, height=842), 60.0
        y = write_zh_box(page, y + 6, heading, 13)
        for article in articles:
            if y > 760:
                page, y = doc.new_page(width=595, height=842), 60.0
            y = write_zh_box(page, y, article, 10.5)
    page = doc.new_page(width=595, height=842)
    _table(page, 80)
    doc.save(path)
    doc.close()
    return path
