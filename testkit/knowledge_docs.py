"""Small textbook-like documents with known terms, definitions and headings (written for
these tests; no external text)."""

from __future__ import annotations

from pathlib import Path

ZH_TEXTBOOK = """# 信息论基础

## 第一章 信息的度量

本章介绍信息的度量方法。信息论研究信息的传输、存储与处理。

### 1.1 自信息

所谓自信息，是指某个事件发生时所携带的信息量。事件的概率越小，自信息越大。
自信息的单位通常是比特。

### 1.2 信息熵

信息熵（information entropy）是指信源输出的平均自信息，用来度量随机变量的不确定性。
信息熵越大，信源的不确定性越高。均匀分布的信息熵最大。
**联合熵**描述两个随机变量共同的不确定性。

## 第二章 信道

信道是传输信息的媒介。信道的容量决定了通信的极限。

### 2.1 互信息

互信息是指两个随机变量之间共享的信息量，它由信息熵和条件熵计算得到。
互信息总是非负的。条件熵是一种在已知另一随机变量时剩余的不确定性的度量。

### 2.2 信道容量

信道容量是指信道能够无差错传输的最大信息速率，它等于互信息的最大值。
香农定理给出了信道容量的上限。信道容量与带宽和信噪比有关。
"""

EN_TEXTBOOK = """# Introduction to Cells

## Chapter 1 Cell Structure

The cell is the basic unit of life. Every living organism is made of cells.

### 1.1 Membranes

The cell membrane is defined as the thin layer that separates the interior of the cell
from its environment. The cell membrane controls what enters and leaves the cell.
Diffusion refers to the movement of molecules from high to low concentration.

### 1.2 Organelles

A mitochondrion is an organelle that produces energy for the cell through respiration.
Adenosine triphosphate (ATP) stores the energy that the mitochondrion produces.
The nucleus is part of the cell and holds the genetic material.

## Chapter 2 Cell Processes

Cells grow and divide. Osmosis refers to the diffusion of water across the cell membrane.

### 2.1 Glossary

- Photosynthesis: the process by which plants turn light into chemical energy.
- Respiration: the process that releases energy from glucose inside the mitochondrion.
- Enzyme: a protein that speeds up chemical reactions in the cell.
"""


def write(tmp: Path, name: str, text: str) -> Path:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return path


# A made-up company travel and expense policy, written for these tests: defined terms
# in the ways Chinese policies define them (所称…是指, …指…, （以下简称“…”）, a terms
# section of "term：meaning" lines, bold terms), and a table whose row labels are not terms.
ZH_POLICY_TITLE = "青禾科技有限公司差旅费用管理办法"
ZH_POLICY: list[tuple[str, str]] = [
    ("title", ZH_POLICY_TITLE),
    ("h1", "第一章 总则"),
    (
        "p",
        "第一条 为规范青禾科技有限公司（以下简称“公司”）的差旅活动，合理控制差旅费用，"
        "根据国家有关规定，结合公司实际情况，制定本办法。",
    ),
    (
        "p",
        "第二条 本办法所称员工，是指与公司签订劳动合同并在岗工作的人员，包括试用期人员。"
        "实习人员出差参照本办法执行。",
    ),
    (
        "p",
        "第三条 本办法所称差旅费，是指员工因公出差期间发生的城市间交通费、住宿费、"
        "伙食补助费和市内交通费。",
    ),
    ("h1", "第二章 术语和定义"),
    ("p", "出差审批单：员工出差前填写并经部门负责人签字确认的书面申请材料。"),
    ("p", "定额标准：公司按员工职级和出差城市类别分别核定的每日住宿费用上限。"),
    ("p", "借支款：员工出差前向财务部门预先领取、返回后凭票据冲销的差旅备用金。"),
    ("p", "第四条 城市类别指根据当地消费水平划分的一类城市、二类城市和三类城市。"),
    ("h1", "第三章 费用标准"),
    (
        "p",
        "第五条 员工出差应当选择经济合理的交通工具。乘坐火车的，一般应当乘坐二等座；"
        "确需乘坐飞机的，应当事先在出差审批单中注明理由。",
    ),
    (
        "p",
        "第六条 住宿费在定额标准以内凭发票据实报销，超出定额标准的部分由员工自行承担。"
        "一类城市的定额标准高于二类城市和三类城市。",
    ),
    (
        "bold",
        "伙食补助费|是指对员工出差期间就餐费用给予的定额补助，按出差自然天数计算，"
        "不再另行报销餐费发票。",
    ),
    ("table", "职级|一类城市|二类城市|三类城市;高级管理人员|800|600|450;部门经理|600|450|350"),
    ("h1", "第四章 报销程序"),
    (
        "p",
        "第七条 员工出差返回后十个工作日内，应当填写差旅费报销单，附出差审批单和"
        "原始票据，经部门负责人审核后交财务部门复核。",
    ),
    (
        "p",
        "第八条 有借支款的员工，应当在报销时一并冲销借支款，多退少补。"
        "逾期未冲销的借支款，财务部门可以从员工工资中扣回。",
    ),
    ("p", "第九条 员工虚报差旅费的，公司追回已报销款项，并视情节给予相应处分。"),
    ("h1", "第五章 附则"),
    ("p", "第十条 本办法由公司财务部门负责解释，自发布之日起施行。"),
]


def zh_policy_docx(dest: Path) -> Path:
    """``ZH_POLICY`` as a Word file: a Title-style title, Heading 1 chapters, a bold term
    opening a paragraph and a table of daily limits."""
    import docx

    out = docx.Document()
    for kind, text in ZH_POLICY:
        if kind == "title":
            out.add_heading(text, level=0)
        elif kind == "h1":
            out.add_heading(text, level=1)
        elif kind == "bold":
            term, rest = text.split("|")
            par = out.add_paragraph()
            par.add_run(term).bold = True
            par.add_run(rest)
        elif kind == "table":
            rows = [r.split("|") for r in text.split(";")]
            table = out.add_table(rows=len(rows), cols=len(rows[0]))
            for i, r in enumerate(rows):
                for j, cell in enumerate(r):
                    table.cell(i, j).text = cell
        else:
            out.add_paragraph(text)
    out.save(str(dest))
    return dest
