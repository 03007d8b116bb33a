"""A Chinese policy document for the review benchmark, written for it (no sample text).

A regulation in the usual shape of a 管理办法: 章 and numbered 条, obligations (应当),
prohibitions (不得/禁止/严禁), a ruled table of quantitative limits (表1), cited national
standards (GB/T …, GB …) and cross-references ("见表1", "依照第六条"). It says nothing
true about any real rule; it only has the structure a compliance reviewer meets.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf

from testkit.pdfgen import ruled_zh_table, write_zh_box

TITLE = "数据中心能效与运行安全管理办法（试行）"

_CHAPTERS: list[tuple[str, list[str]]] = [
    (
        "第一章 总则",
        [
            "第一条 为规范数据中心的建设与运行，提高能源利用效率，保障网络与数据安全，制定本办法。",
            "第二条 本办法适用于本市行政区域内机架规模在二百个以上的数据中心。"
            "本办法所称运营单位，是指对数据中心负有运行管理责任的法人或者其他组织。",
            "第三条 数据中心的能效、环境与安全指标应当符合本办法表1的限值要求。",
        ],
    ),
    (
        "第二章 能效管理",
        [
            "第四条 新建数据中心的设计电能利用效率（PUE）不得高于表1规定的限值；"
            "改建、扩建数据中心应当在投入运行后十二个月内达到该限值。",
            "第五条 运营单位应当按照GB/T 32910.3《数据中心 资源利用 第3部分："
            "电能能效要求和测量方法》"
            "每季度测量一次电能利用效率，并在测量后三十日内报送主管部门。",
            "第六条 运营单位应当建立能耗在线监测系统，监测数据保存期限不少于三年。",
            "第七条 禁止使用国家明令淘汰的高耗能设备。运营单位不得以虚报、瞒报等方式规避能效考核。",
        ],
    ),
    (
        "第三章 运行安全",
        [
            "第八条 数据中心机房的建设应当符合GB 50174《数据中心设计规范》的要求，"
            "供配电系统的可靠性不得低于该规范规定的B级。",
            "第九条 运营单位应当依照GB/T 22239-2019《信息安全技术 网络安全等级保护基本要求》"
            "落实安全保护义务，每年至少开展一次等级测评。",
            "第十条 严禁在机房内存放易燃易爆物品。禁止未经授权的人员进入主机房和辅助区。",
            "第十一条 运营单位应当制定突发事件应急预案，每半年至少组织一次应急演练，"
            "演练记录保存不少于两年。",
            "第十二条 发生影响业务连续性的故障时，运营单位应当在二小时内向主管部门报告，"
            "并在故障排除后五个工作日内提交书面报告。",
        ],
    ),
    (
        "第四章 监督管理与法律责任",
        [
            "第十三条 主管部门应当对数据中心的能效和安全情况开展监督检查，"
            "检查不得妨碍数据中心的正常运行。",
            "第十四条 违反本办法第四条规定，电能利用效率超过限值的，由主管部门责令限期整改；"
            "逾期未整改的，处一万元以上五万元以下罚款。",
            "第十五条 违反本办法第七条、第十条规定的，由主管部门责令改正，给予警告；"
            "情节严重的，处五万元以上十万元以下罚款。",
            "第十六条 本办法自发布之日起施行，有效期五年。",
        ],
    ),
]

_TABLE_TITLE = "表1 数据中心能效与环境限值"
_TABLE: list[tuple[str, str, str]] = [
    ("指标", "新建数据中心", "既有数据中心"),
    ("电能利用效率PUE", "1.30", "1.50"),
    ("水资源利用效率WUE（升/千瓦时）", "1.60", "2.00"),
    ("主机房温度上限（摄氏度）", "27", "27"),
    ("主机房相对湿度上限（%）", "60", "60"),
    ("可再生能源使用比例下限（%）", "25", "15"),
]

_ANNEX = (
    "附件{i} 第{i}类设施的运行记录要求。运营单位对第{i}类设施的日常巡检、维护保养和"
    "故障处理情况进行记录，记录内容包括时间、人员、设备编号、处理结果和复核意见。"
    "记录的格式由运营单位自行确定，主管部门检查时予以查阅。"
)


def _table(page: pymupdf.Page, top: float) -> float:
    return ruled_zh_table(page, top, _TABLE_TITLE, list(_TABLE), [72.0, 300.0, 410.0, 523.0])


def policy_zh_pdf(path: Path, *, annexes: int = 6) -> Path:
    """The policy as a PDF: title, chapters one to a page or two, 表1 on its own page,
    then annexes (record-keeping text without obligations) to make it a few pages long."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = write_zh_box(page, 60, TITLE, 16)
    for heading, articles in _CHAPTERS:
        if y > 600:
            page, y = doc.new_page(width=595, height=842), 60.0
        y = write_zh_box(page, y + 6, heading, 13)
        for article in articles:
            if y > 760:
                page, y = doc.new_page(width=595, height=842), 60.0
            y = write_zh_box(page, y, article, 10.5)
    page = doc.new_page(width=595, height=842)
    y = _table(page, 80)
    for i in range(1, annexes + 1):
        if y > 700:
            page, y = doc.new_page(width=595, height=842), 60.0
        y = write_zh_box(page, y, _ANNEX.format(i=i), 10.5)
    doc.save(path)
    doc.close()
    return path
