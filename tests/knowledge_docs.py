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
