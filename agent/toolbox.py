"""The chat tools, one ``ToolSpec`` each (``agent/toolspec.py``): to add a tool, write its
function (``agent/tools.py``) and add its spec here — its descriptions for the model and
its status line in English and Chinese, and how the answerer reads its evidence.

The order is the order the model sees them in.
"""

from __future__ import annotations

from agent import tools
from agent.toolspec import REGISTRY, ToolSpec

CHAT_TOOLS = (
    ToolSpec(
        name="search_document",
        function=tools.search_document,
        reads="search",
        description={
            "en": (
                "Search the conversation's documents (hybrid keyword + semantic search). "
                "Returns passages, each headed by its citation id [doc#n], page and section. "
                "Cite these ids. Args: query: short, specific search words; top_k: passages "
                "to return (1-12); mode: 'hybrid' (default, by meaning and words) or 'keyword' "
                "(exact words, faster)."
            ),
            "zh": (
                "在本次对话的文档中检索（关键词 + 语义混合检索）。返回若干段落，"
                "每段以引用编号 [doc#n]、页码和章节开头，回答时引用这些编号。"
                "参数：query：简短明确的检索词；top_k：返回段落数（1-12）；"
                "mode：'hybrid'（默认，按语义和词语）或 'keyword'（只按词语，更快）。"
            ),
        },
        status={"en": "searching: {arg}", "zh": "检索：{arg}"},
    ),
    ToolSpec(
        name="lookup_term",
        function=tools.lookup_term,
        reads="term",
        description={
            "en": (
                "Look up the exact definition of a term or name in the documents' term base; falls "
                "back to a search when the term is not there. Args: term: the term, as written."
            ),
            "zh": (
                "在文档的术语库中查找术语或名称的准确定义；术语库中没有时自动改为检索。"
                "参数：term：术语原文。"
            ),
        },
        status={"en": "looking up: {arg}", "zh": "查术语：{arg}"},
    ),
    ToolSpec(
        name="read_page",
        function=tools.read_page,
        reads="page",
        description={
            "en": (
                "Read a whole page (all passages on it) for questions about a page, a table or a "
                "figure. Args: page: 1-based page number; document: optional, the document's id "
                "(the part of a citation id before '#') to read that document's page only."
            ),
            "zh": (
                "读取整页内容（该页全部段落），适合关于某一页、某个表格或图的问题。"
                "参数：page：页码（从 1 开始）；document：可选，文档编号"
                "（引用编号中“#”之前的部分），只读该文档的这一页。"
            ),
        },
        status={"en": "reading page {arg}", "zh": "读取第 {arg} 页"},
    ),
    ToolSpec(
        name="lookup_value",
        function=tools.lookup_value,
        reads="figure",
        description={
            "en": (
                "Look up one figure of a financial statement: the cell of a line item for a year, "
                "with its citation id. Args: line_item: as a report names it ('cost of sales', "
                "'total current liabilities', 'capex'); year: fiscal year (e.g. 2022), or 0 for "
                "the latest."
            ),
            "zh": (
                "查找财务报表中的一个数字：某个项目某一年的单元格及其引用编号。"
                "参数：line_item：报表中的项目名称（如“营业成本”“流动负债合计”）；"
                "year：会计年度（如 2022），0 表示最近一期。"
            ),
        },
        status={"en": "looking up the figure: {arg}", "zh": "查找数字：{arg}"},
    ),
    ToolSpec(
        name="document_overview",
        function=tools.document_overview,
        reads="overview",
        description={
            "en": (
                "The documents' overview: one representative sentence per main section, each "
                "with its citation id. Use it when asked what a whole document is about, to "
                "summarize it, or for its key points. Args: top_k: sentences per document (1-12)."
            ),
            "zh": (
                "文档概览：每个主要章节一句代表性原文，附引用编号。"
                "用户问整篇文档讲什么、要求总结或列出要点时使用。参数：top_k：每份文档的句数（1-12）。"
            ),
        },
        status={"en": "reading the documents' overview", "zh": "阅读文档概览"},
    ),
    ToolSpec(
        name="read_section",
        function=tools.read_section,
        reads="section",
        description={
            "en": (
                "Read the section whose heading names a topic (risk factors, legal proceedings, "
                "customers, competition, seasonality …): its item headings, when it lists items, "
                "and its passages. Use it for a question about such a topic. Args: topic: the "
                "topic's words, e.g. 'risk factors'."
            ),
            "zh": (
                "读取标题与某个主题相符的章节（风险因素、诉讼、主要客户、竞争、季节性等）："
                "章节列出的各项标题及其段落。问题关于这类主题时使用。参数：topic：主题词，如“风险因素”。"
            ),
        },
        status={"en": "reading the section: {arg}", "zh": "阅读章节：{arg}"},
    ),
    ToolSpec(
        name="calculate",
        function=tools.calculate,
        reads="value",
        description={
            "en": (
                "Compute an arithmetic expression of cited figures exactly; never do arithmetic "
                "yourself. Write the working in your answer as 'name = expression = result [id]'. "
                "Args: expression: numbers with + - * / and parentheses, "
                "e.g. '(7838 - 442) / 4756'."
            ),
            "zh": (
                "精确计算由所引用数字组成的算式，不要自己做算术。"
                "回答中写出算式：“名称 = 算式 = 结果 [编号]”。"
                "参数：expression：数字与 + - * / 和括号，如 '(7838 - 442) / 4756'。"
            ),
        },
        status={"en": "calculating: {arg}", "zh": "计算：{arg}"},
    ),
)
REGISTRY.add(*CHAT_TOOLS)
