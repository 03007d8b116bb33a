"""Interface texts in English and Chinese, and how the language is chosen.

Static labels are sent to the browser as Gradio I18n keys (translated there, so
the first paint is already in the browser's language); text built in Python
(tables, cards, messages) calls :func:`t` with the session's language. The
manual switch re-labels everything from the same table.
"""

from __future__ import annotations

from typing import Literal

Lang = Literal["zh", "en"]
LANGS: tuple[Lang, ...] = ("zh", "en")

# key: (English, Chinese). Placeholders in braces must match between the two.
_T: dict[str, tuple[str, str]] = {
    # --- app frame -----------------------------------------------------------------------
    "app.tagline": (
        "Talk to your documents — every answer is cited down to the exact passage.",
        "与文档对话——每个回答都精确引用到原文出处。",
    ),
    "app.hf_login": ("Sign in with Hugging Face", "用 Hugging Face 登录"),
    "app.hf_logout": ("Sign out", "退出登录"),
    "app.language": ("Interface language", "界面语言"),
    "app.answerer_offline": ("Answerer: offline", "回答：离线模式"),
    "app.answerer_llm": ("Answerer: {model}", "回答模型：{model}"),
    "app.model_loading": ("Search model loading…", "检索模型加载中……"),
    "app.model_ready": ("Search model ready", "检索模型已就绪"),
    "app.model_lexical": ("Keyword search", "关键词检索"),
    "app.model_failed": (
        "Search model failed: keyword search only",
        "检索模型加载失败：仅关键词检索",
    ),
    "tab.library": ("Library", "文档库"),
    "tab.knowledge": ("Mind map & terms", "导图与术语"),
    "tab.chat": ("Chat", "对话"),
    "tab.inspect": ("Inspect", "检查"),
    # --- components and states -------------------------------------------------------------
    "comp.parse": ("Parse", "解析"),
    "comp.ocr": ("OCR", "OCR"),
    "comp.index": ("Index", "索引"),
    "comp.embed": ("Embed", "向量"),
    "comp.terms": ("Terms", "术语"),
    "comp.mindmap": ("Mind map", "导图"),
    "comp.graph": ("Graph", "图谱"),
    "comp.route": ("Route", "路线"),
    "comp.summary": ("Summary", "摘要"),
    "state.pending": ("pending", "等待中"),
    "state.running": ("running", "进行中"),
    "state.ready": ("ready", "完成"),
    "state.failed": ("failed", "失败"),
    "state.queued": ("queued", "排队中"),
    "state.missing": ("not run", "未运行"),
    "state.off": ("off", "未启用"),
    "lib.embed_off": (
        "this server searches by keywords only (no embedding model is configured)",
        "本服务器只按关键词检索（未配置向量模型）",
    ),
    "state.partial": ("partly failed", "部分失败"),
    "edge.defined_with": ("defined with", "定义中提及"),
    "edge.is_a": ("is a", "属于"),
    "edge.part_of": ("part of", "组成部分"),
    "edge.co_occurs": ("co-occurs", "同句出现"),
    "edge.same_section": ("same section", "同一章节"),
    # --- library -------------------------------------------------------------------------
    "lib.upload": ("Upload documents", "上传文档"),
    "lib.upload_hint": (
        "PDF (digital or scanned), Word, Markdown or text — Chinese or English. "
        "Drop several files at once; each becomes searchable as soon as it is indexed.",
        "支持 PDF（电子版或扫描件）、Word、Markdown 和纯文本，中英文均可。"
        "可一次拖入多个文件，每个文件索引完成后即可检索。",
    ),
    "lib.progress": ("Processing", "处理进度"),
    "lib.documents": ("Documents", "文档"),
    "lib.empty": (
        "No documents yet — upload a file to get started.",
        "还没有文档——上传一个文件开始吧。",
    ),
    "lib.idle": ("Nothing is being processed.", "当前没有正在处理的文档。"),
    "lib.col_document": ("Document", "文档"),
    "lib.col_pages": ("Pages", "页数"),
    "lib.col_chunks": ("Chunks", "分块"),
    "lib.col_lang": ("Lang.", "语言"),
    "langname.zh": ("Chinese", "中文"),
    "langname.en": ("English", "英文"),
    "langname.mixed": ("Chinese & English", "中英混合"),
    "langname.fr": ("French", "法文"),
    "langname.de": ("German", "德文"),
    "langname.es": ("Spanish", "西班牙文"),
    "langname.it": ("Italian", "意大利文"),
    "langname.pt": ("Portuguese", "葡萄牙文"),
    "langname.nl": ("Dutch", "荷兰文"),
    "lib.queued_files": ("{n} file(s) queued for processing.", "已加入处理队列：{n} 个文件。"),
    "lib.unsupported_files": (
        "Not added (Folio reads PDF, Word .docx, Markdown and text files only): {names}. "
        "Save them in one of these formats ({kinds}) and upload them again.",
        "未添加（Folio 只能读取 PDF、Word .docx、Markdown 和纯文本文件）：{names}。"
        "请另存为以下格式之一（{kinds}）后重新上传。",
    ),
    "lib.ocr_partial": (
        "OCR failed on {failed} of {total} page(s)",
        "{total} 页中有 {failed} 页 OCR 失败",
    ),
    "lib.failed": ("Could not add “{name}”: {error}", "无法添加“{name}”：{error}"),
    "lib.unchanged": ("“{name}” is already in the library.", "“{name}”已在文档库中。"),
    "lib.added": ("“{name}” is searchable.", "“{name}”已可检索。"),
    "lib.select_hint": (
        "Click a document in the table to regenerate a component or delete it.",
        "点击表格中的文档，可重新生成组件或删除文档。",
    ),
    "lib.selected": ("Selected: {name}", "已选择：{name}"),
    "lib.component": ("Component", "组件"),
    "lib.regenerate": ("Regenerate", "重新生成"),
    "lib.delete": ("Delete…", "删除…"),
    "lib.confirm_delete": (
        "Delete “{name}” and everything derived from it (index, embeddings, knowledge)? "
        "This cannot be undone.",
        "删除“{name}”及其全部派生数据（索引、向量、知识组件）？此操作无法撤销。",
    ),
    "lib.confirm": ("Yes, delete", "确认删除"),
    "lib.cancel": ("Cancel", "取消"),
    "lib.name_taken": (
        "The library already has a different “{name}”. Replace it, or keep both (the new"
        " file is added as “{other}”)?",
        "文档库中已有另一个“{name}”。替换它，还是两个都保留（新文件将以“{other}”加入）？",
    ),
    "lib.replace": ("Replace", "替换"),
    "lib.keep_both": ("Keep both", "两个都保留"),
    "lib.not_added": (
        "“{name}” was not added; the library is unchanged.",
        "未添加“{name}”，文档库保持不变。",
    ),
    "lib.deleted": ("Deleted “{name}”.", "已删除“{name}”。"),
    "lib.regenerating": (
        "Regenerating {component} of “{name}”…",
        "正在重新生成“{name}”的{component}……",
    ),
    "lib.no_selection": ("Select a document first.", "请先选择一个文档。"),
    "lib.stats": (
        "{docs} · {pages} · {chunks}",
        "{docs} 个文档 · {pages} 页 · {chunks} 个分块",
    ),
    # --- chat ----------------------------------------------------------------------------
    "chat.docs": ("Documents", "文档"),
    "chat.docs_info": ("Leave empty to ask across all documents.", "留空则在全部文档中检索。"),
    "chat.conversations": ("Conversations", "对话记录"),
    "chat.new": ("＋ New chat", "＋ 新对话"),
    "chat.rename": ("Rename", "重命名"),
    "chat.delete": ("Delete", "删除"),
    "chat.title": ("Title", "标题"),
    "chat.save": ("Save", "保存"),
    "chat.question": ("Your question", "你的问题"),
    "chat.question_ph": ("Ask a question about your documents…", "就文档提一个问题……"),
    "chat.send": ("Send", "发送"),
    "chat.placeholder": (
        "**Ask anything about your documents.**\n\nEvery answer cites the exact passage; "
        "click a source to see it highlighted on its page.",
        "**就文档提任何问题。**\n\n每个回答都会引用原文出处；点击引用即可在页面上看到高亮位置。",
    ),
    "chat.searching": ("Searching…", "正在检索……"),
    "chat.searched": ("Searched the documents", "已检索文档"),
    "chat.refused": ("Not found in the documents", "文档中未找到答案"),
    "chat.sources": ("Sources", "引用来源"),
    "chat.no_sources": ("Sources of the answer appear here.", "回答的引用来源会显示在这里。"),
    "chat.followups": ("Follow-up questions", "继续追问"),
    "chat.no_docs": ("Upload a document in the Library first.", "请先在文档库中上传文档。"),
    "chat.empty_question": ("Type a question first.", "请先输入问题。"),
    "chat.long_question": (
        "The question is too long ({n:,} characters; at most {limit:,}): ask one question at a "
        "time, and upload long text as a document.",
        "问题过长（{n:,} 个字符，上限 {limit:,}）：请一次只问一个问题，长篇文字请作为文档上传。",
    ),
    "chat.error": ("The answer failed: {error}", "回答失败：{error}"),
    "chat.untitled": ("New conversation", "新对话"),
    "chat.no_conversations": ("No conversations yet.", "还没有对话。"),
    "chat.model": ("{model} · {seconds:.1f} s", "{model} · {seconds:.1f} 秒"),
    "chat.offline_model": ("offline", "离线"),
    "chat.timing": (
        # searches run side by side within a tool round: their sum is no part of the total
        "model {model:.1f} s · tools {tools:.1f} s (searches {search:.1f} s, summed over "
        "calls run side by side) · reflection {reflection:.1f} s · total {total:.1f} s",
        "模型 {model:.1f} 秒 · 工具 {tools:.1f} 秒（其中检索累计 {search:.1f} 秒，多次并行）· "
        "核查 {reflection:.1f} 秒 · 合计 {total:.1f} 秒",
    ),
    # --- page pane -----------------------------------------------------------------------
    "pane.page": ("Page", "页码"),
    "pane.prev": ("◀ Previous", "◀ 上一页"),
    "pane.next": ("Next ▶", "下一页 ▶"),
    "pane.caption": ("{name} — page {page} of {pages}", "{name} — 第 {page} 页，共 {pages} 页"),
    "pane.highlights": ("{n} highlighted passage(s)", "{n} 处高亮"),
    "pane.empty": ("Click a source to see its page here.", "点击引用来源，在这里查看原文页面。"),
    "pane.loading": ("Loading page {page}…", "正在载入第 {page} 页…"),
    "pane.waiting": (
        "The pages this answer cites will show here.",
        "回答引用的原文页面将显示在这里。",
    ),
    "pane.lines": ("lines {a}–{b}", "第 {a}–{b} 行"),
    "pane.line": ("line {a}", "第 {a} 行"),
    "pane.page_short": ("p. {page}", "第 {page} 页"),
    # --- knowledge -----------------------------------------------------------------------
    "kn.doc": ("Document", "文档"),
    "kn.mindmap": ("Mind map", "思维导图"),
    "kn.terms": ("Terms", "术语"),
    "kn.graph": ("Knowledge graph", "知识图谱"),
    "kn.route": ("Learning route", "学习路线"),
    "kn.summary": ("Summary", "摘要"),
    "kn.overview": ("Overview", "全文摘要"),
    "kn.cite_tip": ("Show on the page {section}", "在页面中查看 {section}"),
    "kn.by_section": ("By section (click a section to open it)", "分节摘要（点击章节展开）"),
    "kn.summary_empty": (
        "No sentence of prose was found to quote as a summary (a document of tables and"
        " figures has none). The mind map shows its sections; ask about its figures in Chat.",
        "没有找到可以摘录为摘要的叙述句（只有表格和数字的文档没有这样的句子）。可在思维导图中查看它的章节，在对话中询问具体数字。",
    ),
    "kn.left_out": (
        "The overview leaves out: {sections}",
        "全文摘要未涉及：{sections}",
    ),
    "kn.filter": ("Filter terms", "筛选术语"),
    "kn.filter_ph": ("Type to filter by term or definition…", "输入术语或定义进行筛选……"),
    "kn.col_term": ("Term", "术语"),
    "kn.col_definition": ("Definition", "定义"),
    "kn.col_page": ("Page", "页"),
    "kn.col_section": ("Section", "章节"),
    "kn.in_context": ("Not defined; in the text:", "文中未定义，原文："),
    "kn.no_terms": (
        "No terms were found in this document.",
        "本文档中未找到术语。",
    ),
    "kn.no_match": ("No term matches “{q}”.", "没有匹配“{q}”的术语。"),
    "kn.pick_doc": ("Choose a document.", "请选择一个文档。"),
    "kn.pending": (
        "{component} has not been generated yet — it runs in the background after indexing.",
        "{component}尚未生成——它会在索引完成后在后台生成。",
    ),
    "kn.running": ("Generating {component}… {pct}%", "正在生成{component}……{pct}%"),
    "kn.failed": (
        "{component} failed: {reason}. Regenerate it from the Library tab.",
        "{component}生成失败：{reason}。可在文档库中重新生成。",
    ),
    "kn.missing": (
        "{component} is not available for this document.",
        "此文档没有{component}。",
    ),
    # --- inspect -------------------------------------------------------------------------
    "ins.doc": ("Document", "文档"),
    "ins.quality": ("Extraction quality", "提取质量"),
    "ins.pages": ("Pages", "页数"),
    "ins.pages_text": ("Text layer", "文本层"),
    "ins.pages_ocr": ("OCR", "OCR"),
    "ins.ocr_conf": ("Mean OCR confidence", "平均 OCR 置信度"),
    "ins.tables": ("Tables", "表格"),
    "ins.table_unit": ("Unit", "单位"),
    "ins.headings": ("Headings", "标题"),
    "ins.chunks": ("Chunks", "分块"),
    "ins.terms": ("Terms", "术语"),
    "ins.failed": ("Failed pages", "失败页面"),
    "ins.embedded": ("Embedded", "已向量化"),
    "ins.page_map": (
        "Pages (green: text layer · blue: OCR · red: failed · grey: empty)",
        "页面（绿：文本层 · 蓝：OCR · 红：失败 · 灰：空白）",
    ),
    "ins.layers": ("Overlays", "叠加层"),
    "layer.blocks": ("Blocks", "文本块"),
    "layer.tables": ("Table cells", "表格单元格"),
    "layer.ocr": ("OCR lines", "OCR 行"),
    "layer.chunks": ("Chunks", "分块"),
    "ins.blocks_on_page": ("Blocks on this page", "本页文本块"),
    "ins.block": ("Selected block", "选中的文本块"),
    "ins.click_hint": (
        "Click a block on the page or in the list to see what was extracted.",
        "点击页面或列表中的文本块，查看提取出的文字。",
    ),
    "ins.no_blocks": ("No text was extracted from this page.", "本页没有提取到文字。"),
    "ins.low_conf": ("{n} low-confidence OCR line(s)", "{n} 行 OCR 置信度偏低"),
    "ins.no_pages": (
        "This format has no pages; blocks are listed in reading order.",
        "此格式没有页面；文本块按阅读顺序列出。",
    ),
    "ins.legend": ("Legend", "图例"),
    "kind.heading": ("heading", "标题"),
    "kind.paragraph": ("paragraph", "段落"),
    "kind.list_item": ("list item", "列表项"),
    "kind.table": ("table", "表格"),
    "kind.caption": ("caption", "图注"),
    "kind.header": ("header", "页眉"),
    "kind.footer": ("footer", "页脚"),
    "cue.figures": ("mostly figures", "以数字为主"),
    "source.text": ("text layer", "文本层"),
    "source.ocr": ("OCR", "OCR"),
    "source.none": ("empty", "空白"),
}


def t(key: str, lang: str, **values: object) -> str:
    """The text for ``key`` in ``lang`` (English if the language is unknown)."""
    en, zh = _T[key]
    text = zh if lang == "zh" else en
    count = values.get("n", values.get("total"))  # the number the noun agrees with
    if "(s)" in text and count is not None:  # "1 file queued", "3 files queued"
        text = text.replace("(s)", "" if count == 1 else "s")
    return text.format(**values) if values else text


def keys() -> list[str]:
    return list(_T)


def translations() -> dict[str, dict[str, str]]:
    """Per-locale dictionaries for ``gr.I18n`` (the browser falls back from zh-CN to zh)."""
    return {"en": {k: v[0] for k, v in _T.items()}, "zh": {k: v[1] for k, v in _T.items()}}


def pick_language(stored: str | None, browser: str | None) -> Lang:
    """The saved manual choice wins; otherwise Chinese for any zh-* browser, else English."""
    if stored == "zh":
        return "zh"
    if stored == "en":
        return "en"
    return "zh" if (browser or "").lower().startswith("zh") else "en"


def _merge(texts: dict[str, tuple[str, str]]) -> None:
    clash = set(texts) & set(_T)
    assert not clash, f"duplicate interface text keys: {sorted(clash)}"
    _T.update(texts)


# Panels that own many texts keep them in their own module (fewer edits here).
from ui.api_texts import TEXTS as _API_TEXTS  # noqa: E402
from ui.review_texts import TEXTS as _REVIEW_TEXTS  # noqa: E402

_merge(_REVIEW_TEXTS)
_merge(_API_TEXTS)
