"""Every text the review shows or sends, in Chinese and English (language follows the document)."""

from __future__ import annotations

FLAG = {
    "zh": "依据不足，需人工确认",
    "en": "evidence insufficient, needs human confirmation",
}

PLAN = {
    "en": {
        "why_goal": "goal names it ({n} cue words)",
        "why_no_goal": "goal does not name it",
        "why_words": "made of the goal's own words",
        "why_hits": "{n} matching blocks",
        "why_rule": "rule #{id} '{pattern}' → {action} ({hits} hits)",
        "why_presence": "goal names no kind: ranked by what the document holds",
        "follow": "Follow the cross-references of what was found",
        "reflect": "Check every claim against its source; compute coverage",
        "step_note": "{calls} tool calls, {n} findings",
    },
    "zh": {
        "why_goal": "目标提及（{n} 个提示词）",
        "why_no_goal": "目标未提及",
        "why_words": "由目标自身的词语构成",
        "why_hits": "匹配 {n} 个文本块",
        "why_rule": "规则 #{id}「{pattern}」→ {action}（命中 {hits} 次）",
        "why_presence": "目标未指明类别：按文档内容排序",
        "follow": "追踪所得内容中的交叉引用",
        "reflect": "逐条核对依据，计算覆盖率",
        "step_note": "调用工具 {calls} 次，发现 {n} 条",
    },
}

REPORT = {
    "en": {
        "title": "Review: {goal}",
        "document": "Document: {name}",
        "plan": "Plan",
        "candidate": "| # | sub-goal | value | risk | cost | score | why |",
        "chosen": "Run, in order: {ids}",
        "coverage": "Parts of the goal covered: {covered} of {relevant} ({ratio:.0%}) — with "
        "findings: {parts}",
        "left_out": "Parts of the goal left out (nothing relevant found): {units}",
        "none_left": "No part of the goal was left out.",
        "sections": "The findings shown cover {shown} of the {n} sections holding relevant "
        "findings; only in the full list: {units}",
        "claims": "Supported (the cited passage states it): {ok} of {n} findings",
        "more": "{n} more findings judged relevant are not listed; narrow the goal to see them.",
        "dropped": "Dropped {n} candidates: {why}",
        "shown": "Showing the {shown} most relevant of {n} findings; the full list: "
        "--all (CLI), 'Show all findings' (UI), or the JSON report.",
        "none": "Nothing found for this sub-goal.",
        "gap": "Added by reflection (sections the plan missed)",
        "refs": "Reference {ref} → {target}",
        "rules": "Rules learnt: {rules}",
        "calls": "Tool calls: {n} ({failed} fell back)",
        "notices": "Notices",
        "seconds": "Time: {s:.1f} s",
    },
    "zh": {
        "title": "审阅：{goal}",
        "document": "文档：{name}",
        "plan": "计划",
        "candidate": "| # | 子目标 | 价值 | 风险 | 成本 | 得分 | 理由 |",
        "chosen": "依次执行：{ids}",
        "coverage": "目标各部分的覆盖：{relevant} 部分中覆盖 {covered} 部分（{ratio:.0%}）"
        "——有发现的部分：{parts}",
        "left_out": "未覆盖的部分（未找到相关内容）：{units}",
        "none_left": "目标的各部分均已覆盖。",
        "sections": "所列发现覆盖含相关发现的 {n} 个章节中的 {shown} 个；仅在完整列表中：{units}",
        "claims": "有据（所引原文明确陈述）：{ok}/{n} 条发现",
        "more": "另有 {n} 条相关发现未列出；请缩小审阅目标以查看。",
        "dropped": "舍弃 {n} 条候选：{why}",
        "shown": "显示最相关的 {shown} 条（共 {n} 条）；完整列表：--all（命令行）、"
        "“显示全部发现”（界面）或 JSON 报告。",
        "none": "该子目标未发现内容。",
        "gap": "反思补充（计划遗漏的章节）",
        "refs": "引用 {ref} → {target}",
        "rules": "新增规则：{rules}",
        "calls": "工具调用：{n} 次（{failed} 次改用备用方案）",
        "notices": "提示",
        "seconds": "用时：{s:.1f} 秒",
    },
}

# Why candidates were dropped, as the report names it.
REASONS = {
    "en": {
        "not relevant": "not relevant to the sub-goal",
        "not asked": "from a sub-goal the goal does not ask for",
        "duplicate": "near-duplicates merged",
        "fragment": "the rest of a sentence cut by the layout (not a whole sentence)",
        "unsupported": "not supported by their source",
        "boilerplate": "boilerplate",
    },
    "zh": {
        "not relevant": "与子目标无关",
        "not asked": "来自目标未要求的子目标",
        "duplicate": "近似重复已合并",
        "fragment": "版面截断的半句（非完整句子）",
        "unsupported": "依据不支持",
        "boilerplate": "套话",
    },
}

# The kinds of boilerplate (pipeline/text/boilerplate.py), as a reader names them.
BOILERPLATE_KINDS = {
    "en": {
        "contents": "table of contents",
        "certification": "certifications",
        "signature": "signatures",
        "auditor": "auditor's standard wording",
        "exhibits": "exhibit lists",
        "forward_looking": "forward-looking-statement notices",
        "cover_form": "cover page",
    },
    "zh": {
        "contents": "目录",
        "certification": "证明书",
        "signature": "签名",
        "auditor": "审计师标准措辞",
        "exhibits": "附件清单",
        "forward_looking": "前瞻性陈述声明",
        "cover_form": "封面",
    },
}

NOTICE = {
    "en": {
        "refine_failed": "The chat model's refinement failed ({error}); "
        "the offline report is shown.",
        "refined": "Findings reworded by {model}; "
        "every sentence was re-checked against its source.",
        "conflict": "A learnt rule was not stored: {error}",
        "fallback": "Step {step}: {tool} failed ({error}); its fallback was used.",
        "no_findings": "No sub-goal found anything; try a goal that names what to look for.",
    },
    "zh": {
        "refine_failed": "聊天模型润色失败（{error}），显示离线报告。",
        "refined": "已由 {model} 润色；每句均已重新核对原文。",
        "conflict": "新规则未保存：{error}",
        "fallback": "步骤 {step}：{tool} 失败（{error}），已改用备用方案。",
        "no_findings": "各子目标均无发现；请在目标中写明要找的内容。",
    },
}
