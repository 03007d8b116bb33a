"""Cue words that label a block (data, kept apart from the logic in ``labels.py``).

Each list holds phrases in both languages; matching is case-insensitive and, for English,
on word boundaries. Order of precedence lives in ``labels.py``, not here.
"""

from __future__ import annotations

DEFINITION = (
    "means",
    "shall mean",
    "is defined as",
    "are defined as",
    "refers to",
    "has the meaning",
    "have the meaning",
    "is used to mean",
    "是指",
    "系指",
    "指的是",
    "定义为",
    "所称",
    "含义",
)

EXAMPLE = (
    "for example",
    "for instance",
    "e.g.",
    "such as the following",
    "as an example",
    "illustration",
    "例如",
    "比如",
    "举例",
    "示例",
    "案例",
    "譬如",
)

PROCEDURE = (
    "step",
    "steps",
    "procedure",
    "procedures",
    "process for",
    "submit",
    "apply for",
    "file with",
    "in the following order",
    "步骤",
    "流程",
    "程序",
    "办理",
    "申请",
    "提交",
    "首先",
    "按照以下",
)

# Obligation, prohibition and permission: what makes a sentence a clause.
CLAUSE = (
    "shall",
    "shall not",
    "must",
    "must not",
    "may not",
    "is required to",
    "are required to",
    "is prohibited",
    "are prohibited",
    "agrees to",
    "undertakes to",
    "is responsible for",
    "is liable",
    "will not",
    "应当",
    "应",
    "不得",
    "禁止",
    "严禁",
    "必须",
    "须",
    "有权",
    "负责",
    "承担",
    "不应",
)

# A row of a table that is computed from the others (its figures are derived).
TOTAL_ROW = ("total", "totals", "subtotal", "sum", "合计", "总计", "小计", "共计")
