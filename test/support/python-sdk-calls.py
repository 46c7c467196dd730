"""Checks a Python program's calls into the generated Python SDK without running it.

    python3 python-sdk-calls.py SDK_PACKAGE_DIR PROGRAM.py

Reads the SDK's modules with `ast` (importing them would need the pulumi package): every
`webstats.NAME(...)` the program calls must be a function or class of the SDK, every keyword it
passes one of its parameters (of any overload), and every `webstats.Enum.MEMBER` a member of that
enum. Prints one line per problem and exits 1 when there is any.
"""

import ast
import pathlib
import sys


def sdk_names(package_dir):
    """The SDK's top-level functions and classes: name -> (parameters, class attributes)."""
    names = {}
    for module in pathlib.Path(package_dir).rglob("*.py"):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                names[node.name] = (parameters(node), set())
            elif isinstance(node, ast.ClassDef):
                params, attributes = set(), set()
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                        params |= parameters(item)
                    elif isinstance(item, ast.Assign):
                        attributes |= {t.id for t in item.targets if isinstance(t, ast.Name)}
                names[node.name] = (params, attributes)
    return names


def parameters(function):
    args = function.args
    return {a.arg for a in args.args + args.kwonlyargs + args.posonlyargs}


def problems(program_path, names, alias="webstats"):
    tree = ast.parse(pathlib.Path(program_path).read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and is_sdk_member(node.func, alias):
            name = node.func.attr
            if name not in names:
                found.append(f"line {node.lineno}: the SDK has no {name}")
                continue
            for keyword in node.keywords:
                if keyword.arg is not None and keyword.arg not in names[name][0]:
                    found.append(f"line {node.lineno}: {name} takes no argument {keyword.arg}")
        elif isinstance(node, ast.Attribute) and is_sdk_member(node.value, alias):
            owner = node.value.attr
            if owner in names and names[owner][1] and node.attr not in names[owner][1]:
                found.append(f"line {node.lineno}: {owner} has no member {node.attr}")
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and is_sdk_member(n.func, alias)]
    if not calls:
        found.append(f"the program calls nothing of the SDK through `{alias}.`")
    return found


def is_sdk_member(node, alias):
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == alias


if __name__ == "__main__":
    package_dir, program = sys.argv[1], sys.argv[2]
    found = problems(program, sdk_names(package_dir))
    for line in found:
        print(f"{program}: {line}")
    sys.exit(1 if found else 0)
