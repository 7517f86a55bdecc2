#!/usr/bin/env python3
"""Turns feedparser's `Expect:` Python expressions (expectations.jsonl) into plain JSON clauses that the Swift
harness can check without evaluating Python.

Usage: convert_expectations.py IN/expectations.jsonl OUT/expectations-clauses.jsonl

Each output row: {"file", "folder", "headers", "clauses": [{"path": [...], "op": "eq|is|not|len|ord", "value": ...}],
"unsupported": N}. `bozo` clauses are dropped (the model has structured warnings instead of a flag).
Rows for wellformed/sanitize and wellformed/cdf are skipped (not in scope).
"""
import ast
import json
import sys


def path_of(node):
    parts = []
    while True:
        if isinstance(node, ast.Subscript):
            key = node.slice
            if isinstance(key, ast.Constant):
                parts.append(key.value)
            elif isinstance(key, ast.UnaryOp) and isinstance(key.op, ast.USub) and isinstance(key.operand, ast.Constant):
                parts.append(-key.operand.value)
            else:
                return None
            node = node.value
        elif isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Name):
            parts.append(node.id)
            return list(reversed(parts))
        else:
            return None


def literal(node):
    try:
        value = ast.literal_eval(node)
    except Exception:
        raise ValueError
    if isinstance(value, tuple):
        value = list(value)
    if isinstance(value, (dict, set)):
        raise ValueError
    return value


def clauses(node, out):
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        for value in node.values:
            clauses(value, out)
        return
    if isinstance(node, ast.Name) and node.id == 'bozo':
        return
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        if isinstance(node.operand, ast.Name) and node.operand.id == 'bozo':
            return
        path = path_of(node.operand)
        if path:
            out.append({'path': path, 'op': 'not', 'value': None})
            return
    if isinstance(node, ast.Constant) and node.value in (1, True):
        return
    if isinstance(node, ast.Compare) and all(isinstance(op, (ast.Eq, ast.Is)) for op in node.ops):
        items = [node.left] + node.comparators
        constants = []
        paths = []
        for item in items:
            try:
                constants.append(literal(item))
                continue
            except ValueError:
                pass
            if isinstance(item, ast.Call) and isinstance(item.func, ast.Name) and item.func.id in ('len', 'ord') \
                    and len(item.args) == 1 and path_of(item.args[0]):
                paths.append((item.func.id, path_of(item.args[0])))
            elif path_of(item):
                paths.append(('eq', path_of(item)))
            else:
                out.append({'unsupported': ast.unparse(node)})
                return
        if len(constants) == 1 and paths:
            for op, path in paths:
                out.append({'path': path, 'op': op, 'value': constants[0]})
            return
    out.append({'unsupported': ast.unparse(node)})


def main(src, dst):
    with open(src) as fin, open(dst, 'w') as fout:
        for line in fin:
            row = json.loads(line)
            if row['file'].startswith(('wellformed/sanitize/', 'wellformed/cdf/')):
                continue
            out = []
            try:
                clauses(ast.parse(row['expect'].strip(), mode='eval').body, out)
            except SyntaxError:
                out.append({'unsupported': row['expect']})
            supported = [c for c in out if 'unsupported' not in c]
            folder = '/'.join(row['file'].split('/')[:-1])
            fout.write(json.dumps({
                'file': row['file'], 'folder': folder, 'headers': row['headers'],
                'expect': row['expect'], 'clauses': supported,
                'unsupported': len(out) - len(supported),
            }, ensure_ascii=False) + '\n')


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
