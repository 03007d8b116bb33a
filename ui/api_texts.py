"""Texts of the "Use via API" panel (``ui.api_panel``), English and Chinese; merged into
``ui.i18n``."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "api.panel": ("Use via API", "通过 API 使用"),
    "api.intro": (
        "Script against the documents of this browser with `gradio_client`"
        " (`pip install gradio_client`). The token is the only key to your documents and"
        " conversations: keep it private.",
        "用 `gradio_client`（`pip install gradio_client`）以脚本访问本浏览器中的文档。"
        "此令牌是访问你的文档和对话的唯一凭据，请妥善保管。",
    ),
    "api.token": ("Your workspace token", "你的工作区令牌"),
    "api.signed_in": (
        "You are signed in: a script reaches your documents by signing in the same way.",
        "你已登录：脚本以同样的账号登录即可访问你的文档。",
    ),
    "api.signed_in_hf": (
        "You are signed in with Hugging Face, which a script cannot do: the API works in"
        " a workspace of its own. Sign out to script against a private browser workspace.",
        "你已用 Hugging Face 登录，脚本无法这样登录：API 使用它自己的工作区。"
        "退出登录后即可用脚本访问浏览器的私有工作区。",
    ),
    "api.waiting": ("The token appears once the page is ready.", "页面就绪后会显示令牌。"),
    "api.question": ("What does the report say about revenue?", "报告中关于收入说了什么？"),
    "api.comment_docs": ("documents and their statuses", "文档及各阶段状态"),
    "api.comment_add": ("add files to the same workspace", "向同一工作区添加文件"),
}
