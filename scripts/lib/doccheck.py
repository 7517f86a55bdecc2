#!/usr/bin/env python3
"""The engine of scripts/check-doc-links: checks that every DocC symbol link (``Name``) in our doc comments
names a symbol that exists. scripts/check-doc-links runs its three commands:

  doccheck.py extract --manifest SCRATCH/debug.yaml --describe DESCRIBE.json --output DIR [--examples DIR]
      Writes the symbol graph of each Swift library and executable module of the package (DESCRIBE.json is
      `swift package describe --type json`) with swift-symbolgraph-extract: private symbols included, extensions
      of other modules' types as extension blocks, as DocC reads them, and the module's own search paths and
      module maps, read from SwiftPM's build manifest. Each target of an example package (DIR/Name/Sources/Target)
      is compiled against the package's modules for its graph. DIR/modules.json says where each module's
      sources are. scripts/docs uses the same command for DocC's graphs: with `--public --only MODULE...`, the
      public symbols of those modules only (as swift-docc-plugin extracts them), each module's graphs in
      DIR/MODULE.

  doccheck.py check --graphs DIR --root ROOT [--verbose] [--json FILE] PATH...
      Scans the Swift files under each PATH for `///` and `/** */` doc comments (links in code blocks aside),
      finds the symbol each comment documents (by the comment's lines in the graphs; for a comment the graphs do
      not have, such as one on a local function, by the types and extensions around it in the source), resolves
      every link in it as DocC does (`Hierarchy.find`), and prints each link that does not resolve:

          path:line: error: no symbol named ``X`` (documented symbol: Y)

      Exits 0 when every link resolves, 1 when one does not, 2 when the check itself could not run.

  doccheck.py docc-agree --graphs DIR --verdicts FILE --root ROOT
      Runs DocC on each module's graphs and compares its verdicts with the ones `check --json` wrote.

How a link is resolved (DocC's PathHierarchy, reproduced):
  * The symbols of every module form one tree per module: module > type > member, by the graph's memberOf /
    requirementOf relationships. Members of extensions to another module's types hang under an extended-module
    node: ``Swift/String/withoutNUL`` in RssCore is RssCore > Swift > String > withoutNUL.
  * A relative link is looked up from the documented symbol itself, then from each of its parents up to its
    module; at each level the first path component must name a child (or the level itself), and the rest is
    followed from there. A relative link never leaves the documented symbol's module (in RssCore, whose
    extensions of ReduxVM's Store hang under RssCore > ReduxVM, ``ReduxVM/Store/articles(_:)`` is RssCore's
    extension member, and ``ReduxVM/Store/idle()`` names nothing).
  * An absolute link, ``/Module/Type/member``, starts at the module it names: that is how a link into another
    module is written (``/ReduxVM/Store/idle()`` in RssCore), and how DocC's combined build (swift-docc-plugin's
    --enable-experimental-combined-documentation, scripts/docs) resolves it, into the module's dependencies. The
    check follows it into any of our modules.
  * A path component is a symbol's name as the graph spells it: functions with their argument labels
    (``make(_:)``, ``init(state:)``, ``==(_:_:)``), optionally followed by a disambiguation: a kind
    (``state-swift.property``, ``run()-method``), a hash of the symbol's USR (``run()-3ab7z``), or parameter
    and return types (``run(_:)-(Int)``, ``value->String``). Links are case-sensitive; a function name
    without its argument labels (``make``) names nothing, as in DocC.
  * Two symbols of one name need a disambiguation, except that a synthesized symbol or a protocol's default
    implementation gives way to the other, and the next path component may tell them apart. A link DocC would
    find ambiguous is reported as such.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import urllib.parse
from concurrent.futures import ThreadPoolExecutor


# ---------------------------------------------------------------------------------------------------------------
# Symbol graphs

def compile_commands(manifest_path):
    """The swiftc arguments SwiftPM compiles each module with, from its build manifest (SCRATCH/debug.yaml)."""
    with open(manifest_path, encoding="utf-8") as handle:
        manifest = handle.read()
    commands = {}
    for match in re.finditer(r"description: \"Compiling Swift Module '([^']+)' .*\n\s+args: (\[.*\])", manifest):
        commands[match.group(1)] = json.loads(match.group(2))
    return commands


def search_flags(compile_args):
    """The arguments of a compile command that say where modules and module maps are, as units that belong
    together: ["-I", path], ["-Xcc", "-I", "-Xcc", path], ["-Xcc", "-fmodule-map-file=..."]..."""
    units = []
    i = 0
    while i < len(compile_args):
        arg = compile_args[i]
        if arg == "-Xcc" and i + 3 < len(compile_args) and compile_args[i + 1] in ("-I", "-iquote", "-isystem") \
                and compile_args[i + 2] == "-Xcc":
            units.append(tuple(compile_args[i:i + 4]))
            i += 4
            continue
        if arg in ("-I", "-F", "-Xcc", "-module-cache-path", "-target", "-sdk", "-resource-dir") \
                and i + 1 < len(compile_args):
            units.append((arg, compile_args[i + 1]))
            i += 2
            continue
        i += 1
    return units


def flatten(units):
    return [arg for unit in units for arg in unit]


def extract(args):
    """Writes the symbol graphs of the package's modules (and of the example packages) to args.output, and
    modules.json, which tells which directory holds each module's sources."""
    with open(args.describe, encoding="utf-8") as handle:
        description = json.load(handle)
    package_root = os.path.realpath(description["path"])
    modules = {}
    for target in description["targets"]:
        if target.get("type") in ("library", "executable") and target.get("module_type") == "SwiftTarget":
            modules[target.get("c99name", target["name"])] = os.path.join(package_root, target["path"])
    if args.only:
        unknown = sorted(set(args.only) - set(modules))
        if unknown:
            print(f"error: no Swift library or executable module named {', '.join(unknown)}", file=sys.stderr)
            return 2
        modules = {m: d for m, d in modules.items() if m in args.only}
    access = "public" if args.public else "private"
    commands = compile_commands(args.manifest)
    os.makedirs(args.output, exist_ok=True)
    jobs = []
    for module in sorted(modules):
        if module not in commands:
            print(f"error: SwiftPM's build manifest {args.manifest} has no compile command for module {module}; "
                  f"was it built?", file=sys.stderr)
            return 2
        output = os.path.join(args.output, module) if args.only else args.output
        os.makedirs(output, exist_ok=True)
        jobs.append((module, [args.extractor, "-module-name", module, "-minimum-access-level", access,
                              "-emit-extension-block-symbols", "-output-dir", output]
                     + flatten(search_flags(commands[module]))))

    # An example package (EXAMPLES/Name/Sources/Target) uses the package's modules: compile each of its targets
    # against the modules just built, with every search path the package's own modules were compiled with.
    all_units = []
    for command in commands.values():
        for unit in search_flags(command):
            if unit not in all_units:
                all_units.append(unit)
    all_flags = flatten(all_units)
    for examples in args.examples or []:
        if not os.path.isdir(examples):
            continue
        for package in sorted(os.listdir(examples)):
            sources = os.path.join(examples, package, "Sources")
            if not os.path.isfile(os.path.join(examples, package, "Package.swift")) or not os.path.isdir(sources):
                continue
            for target in sorted(os.listdir(sources)):
                directory = os.path.join(sources, target)
                files = sorted(os.path.join(d, f) for d, _, names in os.walk(directory) for f in names
                               if f.endswith(".swift"))
                if not files:
                    continue
                module = re.sub(r"[^A-Za-z0-9_]", "_", target)
                modules[module] = directory
                module_dir = os.path.join(args.output, "modules")
                os.makedirs(module_dir, exist_ok=True)
                library = [] if any(os.path.basename(f) == "main.swift" for f in files) else ["-parse-as-library"]
                jobs.append((module, [args.swiftc, "-emit-module", "-module-name", module, "-emit-module-path",
                                      os.path.join(module_dir, module + ".swiftmodule"), "-swift-version", "6",
                                      "-emit-symbol-graph", "-emit-symbol-graph-dir", args.output,
                                      "-symbol-graph-minimum-access-level", "private",
                                      "-emit-extension-block-symbols"] + library + all_flags + files))

    def run(job):
        module, command = job
        return module, subprocess.run(command, capture_output=True, text=True)

    failed = False
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        for module, result in pool.map(run, jobs):
            if result.returncode != 0:
                failed = True
                print(f"error: could not write the symbol graph of {module}:\n{result.stdout}{result.stderr}",
                      file=sys.stderr)
    with open(os.path.join(args.output, "modules.json"), "w", encoding="utf-8") as handle:
        json.dump({m: os.path.realpath(d) for m, d in modules.items()}, handle, indent=1, sort_keys=True)
    return 2 if failed else 0


def stable_hash(text):
    """DocC's hash disambiguation of a USR: FNV-1, folded to 24 bits, base 36."""
    value = 2166136261
    for byte in text.encode("utf-8"):
        value = (value * 16777619) & 0xFFFFFFFF
        value ^= byte
    value = (value >> 24) ^ (value & 0xFFFFFF)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        value, rem = divmod(value, 36)
        out = digits[rem] + out
        if value == 0:
            return out


# Symbol kinds DocC accepts as a disambiguation suffix, without the language prefix (``x-swift.property`` and
# ``x-property`` are the same).
KNOWN_KINDS = {
    "associatedtype", "class", "deinit", "enum", "enum.case", "func", "func.op", "init", "ivar", "macro",
    "method", "namespace", "property", "protocol", "snippet", "snippetGroup", "struct", "subscript",
    "type.method", "type.property", "type.subscript", "typealias", "union", "var", "module", "extension",
    "actor", "dictionary", "dictionaryKey", "httpBody", "httpParameter", "httpRequest", "httpResponse",
    "protocol.extension", "struct.extension", "class.extension", "enum.extension", "unknown.extension",
    "module.extension",
}
LANGUAGE_PREFIXES = ("swift.", "occ.", "objc.", "c.", "data.")
TYPE_KINDS = {"struct", "class", "enum", "protocol", "actor", "typealias", "associatedtype",
              "struct.extension", "class.extension", "enum.extension", "protocol.extension", "unknown.extension"}


class Node:
    """One element of the path hierarchy: a module, a symbol, an extended module or type, or a sparse
    placeholder named by a symbol's path."""

    def __init__(self, name, kind, symbol=None, module=None):
        self.name = name
        self.kind = kind          # without the "swift." prefix; None for a placeholder
        self.symbol = symbol      # the graph's symbol (dict), if any
        self.precise = symbol["identifier"]["precise"] if symbol else None
        self.module = module
        self.parent = None
        self.children = {}        # name -> [Node]
        self.disfavored = False   # synthesized symbols and default implementations give way in a collision

    def add(self, child):
        siblings = self.children.setdefault(child.name, [])
        for existing in siblings:
            if existing is child or (child.precise is not None and existing.precise == child.precise):
                return existing
        siblings.append(child)
        child.parent = self
        return child

    def path(self):
        parts = []
        node = self
        while node is not None:
            parts.append(node.name)
            node = node.parent
        return "/".join(reversed(parts))


def strip_language(kind):
    for prefix in LANGUAGE_PREFIXES:
        if kind.startswith(prefix):
            return kind[len(prefix):]
    return kind


def file_path(uri):
    if uri.startswith("file://"):
        return os.path.realpath(urllib.parse.unquote(urllib.parse.urlparse(uri).path))
    return None


class Hierarchy:
    """DocC's path hierarchy over the symbol graphs of all our modules."""

    def __init__(self, graph_files):
        self.modules = {}
        self.by_precise = {}        # precise id -> [Node]
        self.extension_nodes = {}   # extension block id -> extended type Node
        self.symbols = []           # (symbol dict, module name) of every symbol, for mapping comments
        graphs = []
        for path in sorted(graph_files):
            with open(path, encoding="utf-8") as handle:
                graph = json.load(handle)
            module = graph["module"]["name"]
            graphs.append((module, graph))
            if module not in self.modules:
                self.modules[module] = Node(module, "module", module=module)
        for module, graph in graphs:
            self._add_graph(module, graph)

    def _add_graph(self, module, graph):
        root = self.modules[module]
        nodes = {}
        for symbol in graph["symbols"]:
            self.symbols.append((symbol, module))
            precise = symbol["identifier"]["precise"]
            kind = strip_language(symbol["kind"]["identifier"])
            if kind == "extension":
                # An extension block of another module's type: its members belong to the extended type, which
                # DocC shows under an extended-module node of this module (Module/Swift/String/member).
                extension = symbol.get("swiftExtension", {})
                extended_module = extension.get("extendedModule", "?")
                type_kind = strip_language(extension.get("typeKind", "unknown"))
                node = root.children.get(extended_module, [None])[0]
                if node is None or node.kind != "module.extension":
                    node = root.add(Node(extended_module, "module.extension", module=module))
                components = symbol["pathComponents"]
                for index, name in enumerate(components):
                    last = index == len(components) - 1
                    existing = [c for c in node.children.get(name, []) if c.precise is None]
                    if existing:
                        node = existing[0]
                        if last and node.kind is None:
                            node.kind = type_kind + ".extension"
                    else:
                        node = node.add(Node(name, type_kind + ".extension" if last else None, module=module))
                self.extension_nodes[precise] = node
                continue
            node = Node(symbol["pathComponents"][-1], kind, symbol, module)
            if "::SYNTHESIZED::" in precise:
                node.disfavored = True
            nodes[precise] = node
            self.by_precise.setdefault(precise, []).append(node)

        placed = set()
        for relationship in graph["relationships"]:
            if relationship["kind"] not in ("memberOf", "requirementOf", "optionalRequirementOf", "declaredIn",
                                            "inContextOf"):
                continue
            source = nodes.get(relationship["source"])
            if source is None:
                continue
            target = relationship["target"]
            if target in self.extension_nodes:
                self.extension_nodes[target].add(source)
                placed.add(relationship["source"])
            elif target in nodes:
                nodes[target].add(source)
                placed.add(relationship["source"])
            elif target in self.by_precise:
                for parent in self.by_precise[target]:
                    parent.add(source)
                placed.add(relationship["source"])
        for relationship in graph["relationships"]:
            if relationship["kind"] != "defaultImplementationOf":
                continue
            source = nodes.get(relationship["source"])
            if source is None:
                continue
            source.disfavored = True
            if relationship["source"] not in placed:
                for requirement in self.by_precise.get(relationship["target"], []):
                    if requirement.parent is not None:
                        requirement.parent.add(source)
                        placed.add(relationship["source"])
        for precise, node in nodes.items():
            if precise in placed or node.parent is not None:
                continue
            # No parent by relationship: place it by its path, creating placeholders as DocC does.
            parent = root
            for name in node.symbol["pathComponents"][:-1]:
                existing = parent.children.get(name)
                parent = existing[0] if existing else parent.add(Node(name, None, module=module))
            parent.add(node)

    # -- Parsing links ------------------------------------------------------------------------------------------

    OPERATOR_HEADS = set("/=-+!*%<>&|^~?")

    @classmethod
    def split(cls, path):
        """Splits a link into components as DocC does: "/" separates, except inside an operator's name; slashes
        that start a component stay on it (``/(_:_:)`` is the division operator, ``/Module/Type`` absolute)."""
        components = []
        # An anchor (``Type#Heading``) names a heading, which symbol graphs do not have: the symbol before it is
        # checked.
        rest = path.split("#", 1)[0]
        while rest:
            leading = rest[:len(rest) - len(rest.lstrip("/"))]
            rest = rest[len(leading):]
            if all(c in cls.OPERATOR_HEADS for c in (leading + rest)[:3]) and ")" in rest:
                end = rest.index(")") + 1
            else:
                end = 0
            slash = rest.find("/", end)
            if slash < 0:
                component, rest = rest, ""
            else:
                component, rest = rest[:slash], rest[slash + 1:]
            if leading + component:
                components.append(leading + component)
        return components

    @staticmethod
    def parse_component(text):
        """Returns (full, name, disambiguation) where disambiguation is None, ("kind", kind, hash) or
        ("types", parameter types or None, return type or None)."""
        full = text
        name, suffix = text, ""
        paren = text.find("(")
        if paren >= 0 and not text.startswith("-(") and not text.startswith("->"):
            # A function name: the name runs to the parenthesis that closes its argument labels.
            close = text.find(")", paren)
            if close >= 0:
                name, suffix = text[:close + 1], text[close + 1:]
        elif paren == 1 and text.startswith("-("):
            close = text.find(")", paren)   # the subtraction operator -(_:_:)
            if close >= 0:
                name, suffix = text[:close + 1], text[close + 1:]
        if suffix == "" and name == text:
            for marker in ("->", "-("):
                index = text.find(marker, 1)
                if index > 0 and (paren < 0 or index < paren):
                    name, suffix = text[:index], text[index:]
                    break
        if suffix.startswith("->") or suffix.startswith("-("):
            # "-(Int,String)", "->Bool" or "-(Int)->Bool": "-" and the types; "->" alone is the return type.
            signature = suffix if suffix.startswith("->") else suffix[1:]
            parameters, returns = None, None
            if signature.startswith("("):
                depth, end = 0, None
                for index, char in enumerate(signature):
                    if char in "([<":
                        depth += 1
                    elif char in ")]>" and not (char == ">" and index > 0 and signature[index - 1] == "-"):
                        depth -= 1
                        if depth == 0:
                            end = index
                            break
                if end is None:
                    return full, full, None
                parameters = split_types(signature[1:end])
                signature = signature[end + 1:]
            if signature.startswith("->"):
                returns = normalize_type(signature[2:])
            elif signature:
                return full, full, None
            return full, name, ("types", parameters, returns)
        if suffix and not suffix.startswith("-"):
            return full, full, None
        if name != text:
            # Function name followed by a kind and/or hash suffix.
            return Hierarchy._kind_and_hash(full, name, suffix[1:]) if suffix else (full, name, None)
        dash = text.rfind("-")
        if dash <= 0:
            return full, full, None
        return Hierarchy._kind_and_hash(full, text[:dash], text[dash + 1:])

    @staticmethod
    def _kind_and_hash(full, name, tail):
        def kind_of(candidate):
            if candidate in KNOWN_KINDS:
                return candidate
            for prefix in LANGUAGE_PREFIXES:
                if candidate.startswith(prefix) and candidate[len(prefix):] in KNOWN_KINDS:
                    return candidate[len(prefix):]
            return None

        kind = kind_of(tail)
        if kind:
            return full, name, ("kind", kind, None)
        if not re.fullmatch(r"[0-9a-z]{1,6}", tail):
            return full, full, None   # not a disambiguation: a name with a hyphen
        dash = name.rfind("-")
        if dash > 0:
            kind = kind_of(name[dash + 1:])
            if kind:
                return full, name[:dash], ("kind", kind, tail)
        return full, name, ("kind", None, tail)

    # -- Finding ------------------------------------------------------------------------------------------------

    @staticmethod
    def _matches(node, disambiguation):
        if disambiguation is None:
            return True
        if disambiguation[0] == "kind":
            _, kind, hash_ = disambiguation
            if kind is not None and node.kind != kind:
                return False
            if hash_ is not None and (node.precise is None or stable_hash(node.precise) != hash_):
                return False
            return True
        _, parameters, returns = disambiguation
        signature = symbol_signature(node.symbol) if node.symbol else None
        if signature is None:
            return False
        actual_parameters, actual_returns = signature
        if parameters is not None:
            if actual_parameters is None or len(parameters) != len(actual_parameters):
                return False
            if any(p != "_" and p != a for p, a in zip(parameters, actual_parameters)):
                return False
        if returns is not None and returns != "_" and returns != actual_returns:
            return False
        return True

    def _children(self, node, component):
        """The children of `node` that `component` names: (status, nodes), status one of found, missing,
        collision."""
        full, name, disambiguation = component
        candidates = node.children.get(full)
        if candidates is not None:
            disambiguation = None
        else:
            candidates = node.children.get(name)
            if candidates is None:
                return "missing", []
        if disambiguation is None:
            return ("found" if len(candidates) == 1 else "collision"), candidates
        matches = [c for c in candidates if self._matches(c, disambiguation)]
        if not matches:
            return "missing", []
        return ("found" if len(matches) == 1 else "collision"), matches

    @staticmethod
    def _settle(collisions):
        """DocC's way out of a collision: one symbol in several forms, or one that is not disfavored."""
        ids = {c.precise for c in collisions}
        if len(ids) == 1 and None not in ids:
            return collisions[0]
        favored = [c for c in collisions if not c.disfavored]
        if len(favored) == 1:
            return favored[0]
        return None

    def _descend(self, node, components):
        """Follows `components` down from `node`: (node, None) or (None, (reason, partial node, candidates))."""
        index = 0
        while index < len(components):
            status, candidates = self._children(node, components[index])
            if status == "found":
                node = candidates[0]
                index += 1
                continue
            if status == "missing":
                return None, ("missing", node, [])
            if index + 1 < len(components):
                below = []
                for candidate in candidates:
                    status2, found = self._children(candidate, components[index + 1])
                    if status2 == "found":
                        below.append(found[0])
                if len(below) == 1 or (below and len({b.precise for b in below}) == 1 and below[0].precise):
                    node = below[0]
                    index += 2
                    continue
            settled = self._settle(candidates)
            if settled is None:
                return None, ("ambiguous", node, candidates)
            node = settled
            index += 1
        return node, None

    def _node_matches(self, node, component):
        full, name, disambiguation = component
        if node.name == full:
            return True
        return node.name == name and disambiguation is not None and self._matches(node, disambiguation)

    def find(self, link, parent):
        """Resolves `link` relative to `parent` (a Node, or None): (node, None) or (None, error)."""
        raw_components = self.split(link)
        absolute = False
        if raw_components and raw_components[0].startswith("/") \
                and re.fullmatch(r"[A-Za-z0-9_-]+", raw_components[0][1:]):
            raw_components[0] = raw_components[0][1:]
            absolute = True
        if not raw_components:
            return None, ("missing", None, [])
        if raw_components[0] in ("documentation",) and len(raw_components) > 1:
            raw_components = raw_components[1:]
            absolute = True
        components = [self.parse_component(c) for c in raw_components]
        errors = []
        if not absolute and parent is not None:
            node = parent
            while node is not None:
                first_full, first_name, _ = components[0]
                if first_full in node.children or first_name in node.children:
                    found, error = self._descend(node, components)
                    if found is not None:
                        return found, None
                    errors.append(error)
                if self._node_matches(node, components[0]):
                    found, error = self._descend(node, components[1:])
                    if found is not None:
                        return found, None
                    errors.append(error)
                node = node.parent
        # Another module is reached only by an absolute link (``/RssCore/RssProblem``), as in DocC's combined
        # build, which resolves a relative ``RssCore/RssProblem`` in the documented symbol's own module only.
        for module in self.modules.values() if absolute or parent is None else ():
            if self._node_matches(module, components[0]):
                found, error = self._descend(module, components[1:])
                if found is not None:
                    return found, None
                errors.append(error)
        ambiguous = [e for e in errors if e and e[0] == "ambiguous"]
        if ambiguous:
            return None, ambiguous[0]
        return None, errors[0] if errors else ("missing", None, [])


def _suggestions(self, link, parent):
    """Links that resolve and name what `link` probably meant: the same name with the argument labels it
    lacks, or the same path in another of our modules. Each is spelled as briefly as resolves from `parent`."""
    components = [self.parse_component(c) for c in self.split(link)]
    if not components:
        return []
    last_name = components[-1][1]
    wanted = [c[1] for c in components[:-1]]
    nodes = []

    def visit(node):
        for name, children in node.children.items():
            for child in children:
                base = name.split("(", 1)[0]
                if child.kind is not None and (
                        name == last_name or (base == last_name and "(" in name and "(" not in last_name)):
                    names = child.path().split("/")
                    if not wanted or names[-1 - len(wanted):-1] == wanted:
                        nodes.append(child)
                visit(child)

    for module in self.modules.values():
        visit(module)
    home = parent
    while home is not None and home.parent is not None:
        home = home.parent
    hints = []
    for node in nodes:
        names = node.path().split("/")
        for start in range(len(names) - 1, -1, -1):
            spelling = "/".join(names[start:])
            if self.find(spelling, parent)[0] is node:
                hints.append((node.module != (home.name if home else None), len(spelling), spelling))
                break
        else:
            spelling = "/" + "/".join(names)
            if self.find(spelling, parent)[0] is node:
                hints.append((node.module != (home.name if home else None), len(spelling), spelling))
    hints.sort()
    same_module = [h for h in hints if not h[0]]
    return [h[2] for h in (same_module or hints)][:3]


Hierarchy.suggestions = _suggestions


def disambiguations(candidates):
    """The suffixes that tell colliding symbols apart, as DocC suggests them: parameter types when they
    differ, else the kind, else the hash of the symbol's USR."""
    signatures = [symbol_signature(c.symbol) if c.symbol else None for c in candidates]
    if all(s is not None and s[0] is not None for s in signatures) \
            and len({tuple(s[0]) for s in signatures}) == len(candidates):
        return ["-(" + ",".join(s[0]) + ")" for s in signatures]
    kinds = [c.kind for c in candidates]
    if None not in kinds and len(set(kinds)) == len(kinds):
        return ["-" + k for k in kinds]
    return ["-" + stable_hash(c.precise) if c.precise else "" for c in candidates]


def normalize_type(text):
    text = re.sub(r"\s+", "", text)
    text = re.sub(r"\bSwift\.", "", text)
    return text


def split_types(text):
    if text.strip() == "":
        return []
    parts, depth, current = [], 0, ""
    for index, char in enumerate(text):
        if char in "([<":
            depth += 1
        elif char in ")]" or (char == ">" and not (index > 0 and text[index - 1] == "-")):
            depth -= 1
        if char == "," and depth == 0:
            parts.append(normalize_type(current))
            current = ""
        else:
            current += char
    parts.append(normalize_type(current))
    return parts


def fragments_type(fragments):
    return normalize_type("".join(f["spelling"] for f in fragments))


def symbol_signature(symbol):
    """(parameter types, return type) as DocC's type disambiguation spells them, or None."""
    signature = symbol.get("functionSignature")
    if signature is not None:
        parameters = []
        for parameter in signature.get("parameters", []):
            fragments = parameter.get("declarationFragments", [])
            # The fragments are "name: Type"; the type is everything after the first ": ".
            text = "".join(f["spelling"] for f in fragments)
            parameters.append(normalize_type(text.split(":", 1)[1] if ":" in text else text))
        returns = fragments_type(signature.get("returns", []))
        if returns in ("", "Void"):
            returns = "()"
        return parameters, returns
    fragments = symbol.get("declarationFragments")
    if fragments:
        text = "".join(f["spelling"] for f in fragments)
        if ":" in text:
            value_type = text.split(":", 1)[1]
            value_type = value_type.split("{", 1)[0].split("=", 1)[0]
            return None, normalize_type(value_type)
    return None


# ---------------------------------------------------------------------------------------------------------------
# Swift sources: doc comments and the declarations around them

TYPE_KEYWORDS = ("struct", "class", "enum", "actor", "protocol", "extension")
DECL_KEYWORDS = TYPE_KEYWORDS + ("func", "init", "subscript", "var", "let", "case", "typealias",
                                 "associatedtype", "deinit", "macro", "operator", "precedencegroup",
                                 "get", "set", "willSet", "didSet")
DECL_RE = re.compile(r"(?<![\w.#@$])(" + "|".join(DECL_KEYWORDS) + r")\b\s*([A-Za-z_`][\w.`]*)?")
LINK_RE = re.compile(r"(?<!`)``(?!`)(.+?)(?<!`)``(?!`)")


class DocBlock:
    def __init__(self, start):
        self.start = start          # first line, 1-based
        self.end = start            # last line
        self.lines = []             # (line number, text without the comment markers)
        self.frames = []            # enclosing braces: (kind, name), kind "type", "extension" or "code"
        self.declaration = ""       # the code that follows, up to its body
        self.decl_chars = []        # that code while it is being read


class SwiftScanner:
    """A small lexer: enough of Swift's comments, strings and braces to find doc comments, the declaration
    each precedes, and the types and extensions they sit in."""

    def __init__(self, text):
        self.text = text
        self.blocks = []

    def scan(self):
        text = self.text
        n = len(text)
        i = 0
        line = 1
        frames = []
        statement = []              # code text since the last { } or ;
        contexts = [("code", 0)]    # ("code", parens) or ("string", quotes, hashes)
        open_block = None           # the /// block being collected or waiting for its declaration
        pending = None              # a block whose declaration is being collected
        last_doc_line = -10

        def finish_pending():
            nonlocal pending
            if pending is not None:
                pending.declaration = "".join(pending.decl_chars).strip()
                pending = None

        while i < n:
            char = text[i]
            context = contexts[-1]
            if context[0] == "string":
                _, quotes, hashes = context
                if char == "\n":
                    line += 1
                    i += 1
                    continue
                if char == "\\" and text.startswith("#" * hashes, i + 1):
                    after = i + 1 + hashes
                    if after < n and text[after] == "(":
                        contexts.append(("code", 1))
                        i = after + 1
                        continue
                    i = after + 1
                    continue
                closing = '"' * quotes + "#" * hashes
                if text.startswith(closing, i):
                    contexts.pop()
                    i += len(closing)
                    continue
                i += 1
                continue

            # Code.
            if char == "\n":
                line += 1
                if pending is not None:
                    pending.decl_chars.append(" ")
                statement.append(" ")
                i += 1
                continue
            if text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                comment = text[i:end]
                if comment.startswith("///") and not comment.startswith("////") and len(contexts) == 1:
                    body = comment[3:]
                    if open_block is not None and last_doc_line == line - 1 and pending is open_block:
                        block = open_block
                    else:
                        finish_pending()
                        block = DocBlock(line)
                        block.frames = list(frames)
                        self.blocks.append(block)
                        open_block = block
                        pending = block
                    block.lines.append((line, body))
                    block.end = line
                    last_doc_line = line
                i = end
                continue
            if text.startswith("/*", i):
                is_doc = text.startswith("/**", i) and not text.startswith("/**/", i) \
                    and not text.startswith("/***", i) and len(contexts) == 1
                depth = 0
                j = i
                start_line = line
                while j < n:
                    if text.startswith("/*", j):
                        depth += 1
                        j += 2
                    elif text.startswith("*/", j):
                        depth -= 1
                        j += 2
                        if depth == 0:
                            break
                    else:
                        if text[j] == "\n":
                            line += 1
                        j += 1
                if is_doc:
                    finish_pending()
                    block = DocBlock(start_line)
                    block.frames = list(frames)
                    body = text[i + 3:j - 2]
                    for offset, body_line in enumerate(body.split("\n")):
                        stripped = re.sub(r"^\s*\*(?!\*)", "", body_line) if offset else body_line
                        block.lines.append((start_line + offset, stripped))
                    block.end = line
                    self.blocks.append(block)
                    open_block = block
                    pending = block
                i = j
                continue
            if char == '"' or (char == "#" and re.match(r"#+\"", text[i:i + 8] or "")):
                hashes = 0
                while i + hashes < n and text[i + hashes] == "#":
                    hashes += 1
                quote_start = i + hashes
                quotes = 3 if text.startswith('"""', quote_start) else 1
                contexts.append(("string", quotes, hashes))
                statement.append('""')
                if pending is not None:
                    pending.decl_chars.append('""')
                i = quote_start + quotes
                continue
            if len(contexts) > 1:
                # Inside an interpolation: only parentheses matter, to find its end.
                if char == "(":
                    contexts[-1] = ("code", context[1] + 1)
                elif char == ")":
                    if context[1] == 1:
                        contexts.pop()
                    else:
                        contexts[-1] = ("code", context[1] - 1)
                i += 1
                continue
            if char == "{":
                frames.append(self.classify("".join(statement)))
                statement = []
                finish_pending()
                i += 1
                continue
            if char == "}":
                if frames:
                    frames.pop()
                statement = []
                finish_pending()
                i += 1
                continue
            if char == ";":
                statement = []
                finish_pending()
                i += 1
                continue
            statement.append(char)
            if pending is not None:
                pending.decl_chars.append(char)
                if len(pending.decl_chars) > 400:
                    finish_pending()
            i += 1
        finish_pending()
        return self.blocks

    @staticmethod
    def classify(statement):
        """What a `{` opens, from the code before it: a type, an extension or code (a body, a closure...)."""
        last = None
        for match in DECL_RE.finditer(statement):
            last = match
        if last is None or last.group(1) not in TYPE_KEYWORDS:
            return ("code", None)
        name = (last.group(2) or "").replace("`", "")
        name = re.split(r"[<:]", name)[0]
        return ("extension" if last.group(1) == "extension" else "type", name)


def declaration_of(text):
    """(keyword, name) of the declaration a doc comment precedes."""
    text = re.sub(r"@\w+(\([^()]*(\([^()]*\))*[^()]*\))?", " ", text)
    match = DECL_RE.search(text)
    if not match:
        return None, None
    keyword = match.group(1)
    if keyword == "class" and (match.group(2) or "") in DECL_KEYWORDS:
        # `class func`, `class var`: here the keyword is a modifier.
        match = DECL_RE.search(text, match.end(1))
        keyword = match.group(1)
    name = (match.group(2) or "").replace("`", "")
    return keyword, re.split(r"[<:]", name)[0]


def links_of(block):
    """The links of a doc comment, (line, link), outside code blocks."""
    links = []
    fence = None
    for number, text in block.lines:
        stripped = text.strip()
        fence_match = re.match(r"(`{3,}|~{3,})", stripped)
        if fence_match:
            marker = fence_match.group(1)
            if fence is None:
                fence = marker
                continue
            if marker[0] == fence[0] and len(marker) >= len(fence):
                fence = None
                continue
        if fence is not None:
            continue
        for match in LINK_RE.finditer(text):
            links.append((number, match.group(1).strip()))
    return links


# ---------------------------------------------------------------------------------------------------------------
# The check

class Checker:
    def __init__(self, hierarchy, root, verbose=False):
        self.hierarchy = hierarchy
        self.root = root
        self.verbose = verbose
        self.verdicts = []   # every link and what became of it, for --json
        # (file, 0-based line) -> [(symbol, module)] for every line of every doc comment in the graphs.
        self.comment_lines = {}
        for symbol, module in hierarchy.symbols:
            comment = symbol.get("docComment")
            location = symbol.get("location")
            uri = (comment or {}).get("uri") or (location or {}).get("uri")
            if not comment or not uri:
                continue
            path = file_path(uri)
            for entry in comment.get("lines", []):
                line = entry.get("range", {}).get("start", {}).get("line")
                if line is not None:
                    self.comment_lines.setdefault((path, line), []).append((symbol, module))

    def documented_node(self, path, block, module):
        """The node a doc comment documents, and how to name it in a message."""
        candidates = []
        for number, _ in block.lines:
            for entry in self.comment_lines.get((path, number - 1), []):
                if all(entry[0] is not c[0] for c in candidates):
                    candidates.append(entry)
        best = None
        for symbol, symbol_module in candidates:
            location = symbol.get("location") or {}
            if file_path(location.get("uri", "")) != path:
                continue   # a comment inherited by another symbol
            declared = location.get("position", {}).get("line", -1) + 1
            if declared < block.end:
                continue
            if best is None or declared < best[0]:
                best = (declared, symbol, symbol_module)
        if best is not None:
            precise = best[1]["identifier"]["precise"]
            if strip_language(best[1]["kind"]["identifier"]) == "extension":
                node = self.hierarchy.extension_nodes.get(precise)
            else:
                nodes = [n for n in self.hierarchy.by_precise.get(precise, []) if n.module == best[2]]
                node = nodes[0] if nodes else None
            if node is not None:
                return node, node.path(), True
        return self.scope_from_source(block, module) + (False,)

    def scope_from_source(self, block, module):
        """For a comment no graph symbol claims (a local declaration, an extension of one of the module's own
        types): its place in the hierarchy from the braces around it."""
        hierarchy = self.hierarchy
        node = hierarchy.modules.get(module)
        if node is None:
            return None, "?"
        local = False
        for kind, name in block.frames:
            if kind == "code":
                local = True
                break
            if kind == "extension":
                node = self.type_node(name, module) or node
            else:
                node = self.child_type(node, name) or node
        keyword, name = declaration_of(block.declaration)
        described = f"{keyword or 'declaration'} {name or ''}".strip()
        if not local and keyword == "extension" and name:
            node = self.type_node(name, module) or node
            return node, f"extension {name}"
        if not local and keyword in TYPE_KEYWORDS and name:
            node = self.child_type(node, name) or node
        where = node.path()
        return node, f"{described} (local, in {where})" if local else f"{described} (in {where})"

    @staticmethod
    def child_type(node, name):
        for child in node.children.get(name, []):
            if child.kind in TYPE_KINDS or child.kind is None:
                return child
        return None

    def type_node(self, dotted, module):
        """The node of the type an `extension Name` extends, as seen from `module`."""
        components = [c for c in re.split(r"\.", re.sub(r"<.*", "", dotted)) if c]
        if not components:
            return None
        root = self.hierarchy.modules[module]

        def walk(node, names):
            for name in names:
                node = self.child_type(node, name)
                if node is None:
                    return None
            return node

        found = walk(root, components)
        if found:
            return found
        for extended_module in [c for cs in root.children.values() for c in cs if c.kind == "module.extension"]:
            if extended_module.name == components[0]:
                found = walk(extended_module, components[1:])
            else:
                found = walk(extended_module, components)
            if found:
                return found
        other = self.hierarchy.modules.get(components[0])
        if other is not None:
            return walk(other, components[1:])
        return None

    def check(self, files):
        problems = []
        hint_count = 0   # the "did you mean" notes among the problems
        counts = {"links": 0, "comments": 0, "files": 0}
        for path, module in files:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            blocks = SwiftScanner(text).scan()
            relative = os.path.relpath(path, self.root)
            counted_file = False
            for block in blocks:
                links = links_of(block)
                if not links:
                    continue
                if not counted_file:
                    counts["files"] += 1
                    counted_file = True
                counts["comments"] += 1
                node, described, attached = self.documented_node(path, block, module)
                for number, link in links:
                    counts["links"] += 1
                    found, error = self.hierarchy.find(link, node)
                    self.verdicts.append({
                        "file": path, "line": number, "link": link, "module": module, "in_graph": attached,
                        "status": "resolved" if found is not None else error[0],
                        "target": found.path() if found is not None else None,
                        "target_module": found.module if found is not None else None,
                    })
                    if found is not None:
                        if self.verbose:
                            print(f"{relative}:{number}: note: ``{link}`` is {found.path()} "
                                  f"(documented symbol: {described})")
                        continue
                    if error and error[0] == "ambiguous":
                        spellings = " or ".join(f"``{link}{d}``" for d in disambiguations(error[2]))
                        problems.append(f"{relative}:{number}: error: ambiguous symbol link ``{link}``, write "
                                        f"{spellings} (documented symbol: {described})")
                    else:
                        problems.append(f"{relative}:{number}: error: no symbol named ``{link}`` "
                                        f"(documented symbol: {described})")
                        hints = self.hierarchy.suggestions(link, node)
                        if hints:
                            hint_count += 1
                            problems.append(f"{relative}:{number}: note: did you mean "
                                            + " or ".join(f"``{h}``" for h in hints) + "?")
        counts["unresolved"] = len(problems) - hint_count
        return problems, counts


def swift_files(root, paths):
    for base in paths:
        base = os.path.join(root, base)
        if os.path.isfile(base):
            yield os.path.realpath(base)
            continue
        for directory, subdirectories, names in os.walk(base):
            subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
            for name in sorted(names):
                if name.endswith(".swift"):
                    yield os.path.realpath(os.path.join(directory, name))


def check(args):
    root = os.path.realpath(args.root)
    graph_files = [os.path.join(args.graphs, f) for f in os.listdir(args.graphs) if f.endswith(".symbols.json")]
    if not graph_files:
        print(f"error: no symbol graph in {args.graphs}", file=sys.stderr)
        return 2
    hierarchy = Hierarchy(graph_files)

    # Which module each source directory belongs to, as `extract` wrote it.
    with open(os.path.join(args.graphs, "modules.json"), encoding="utf-8") as handle:
        targets = sorted(((d + os.sep, m) for m, d in json.load(handle).items()), key=lambda t: -len(t[0]))

    files = []
    unchecked = {}
    for path in swift_files(root, args.paths):
        module = next((m for d, m in targets if path.startswith(d)), None)
        if module is None or module not in hierarchy.modules:
            # Sources of a module without a symbol graph (a test target, another package): nothing to resolve
            # against. Comments with links there are listed below so that they are never passed silently.
            unchecked.setdefault(module or os.path.relpath(os.path.dirname(path), root), []).append(path)
            continue
        files.append((path, module))

    checker = Checker(hierarchy, root, args.verbose)
    problems, counts = checker.check(files)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(checker.verdicts, handle, indent=1)
    unchecked_links = []
    for module, paths in unchecked.items():
        for path in paths:
            with open(path, encoding="utf-8") as handle:
                blocks = SwiftScanner(handle.read()).scan()
            for block in blocks:
                for number, link in links_of(block):
                    unchecked_links.append(f"{os.path.relpath(path, root)}:{number}: error: cannot check "
                                           f"``{link}``: module {module} has no symbol graph")
    for line in problems + unchecked_links:
        print(line)
    if counts["links"] == 0 and not unchecked_links:
        print("error: found no doc link at all in " + " ".join(args.paths) + "; nothing was checked",
              file=sys.stderr)
        return 2
    total = counts["unresolved"] + len(unchecked_links)
    print(f"check-doc-links: {counts['links']} links in {counts['comments']} doc comments of {counts['files']} "
          f"files checked against {len(hierarchy.modules)} modules; {total} unresolved", file=sys.stderr)
    return 1 if total else 0


def docc_agree(args):
    """Runs DocC itself on each module's symbol graphs and compares its verdicts with ours (from check --json).

    DocC builds one module at a time, so it cannot follow a link into another module; everything else must
    agree: a link we report must be one DocC cannot resolve, and a link DocC cannot resolve must be one we
    report or one we resolved into another module. Comments DocC never sees (on local declarations) are left
    out."""
    import shutil
    import tempfile
    with open(args.verdicts, encoding="utf-8") as handle:
        verdicts = json.load(handle)
    modules = sorted({v["module"] for v in verdicts if v["in_graph"]})
    graph_files = [f for f in os.listdir(args.graphs) if f.endswith(".symbols.json")]
    diagnostics = []   # (file, line, column, message)
    work = tempfile.mkdtemp(prefix="doccheck-docc-")
    try:
        for module in modules:
            graphs = os.path.join(work, module, "graphs")
            os.makedirs(graphs)
            for name in graph_files:
                if name == f"{module}.symbols.json" or name.startswith(f"{module}@"):
                    shutil.copy(os.path.join(args.graphs, name), graphs)
            result = subprocess.run(
                [args.docc, "convert", "--additional-symbol-graph-dir", graphs,
                 "--fallback-display-name", module, "--fallback-bundle-identifier", f"doccheck.{module}",
                 "--output-path", os.path.join(work, module, "out.doccarchive")],
                capture_output=True, text=True, cwd=os.path.join(work, module))
            if result.returncode != 0:
                print(f"error: docc failed on {module}:\n{result.stdout}{result.stderr}", file=sys.stderr)
                return 2
            output = result.stdout + result.stderr
            for match in re.finditer(r"^(?:warning|error): (.+)\n\s*--> (.+?):(\d+):(\d+)", output, re.M):
                path = os.path.realpath(os.path.join(work, module, match.group(2)))
                diagnostics.append((path, int(match.group(3)), int(match.group(4)), match.group(1)))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    spans = {}   # (file, line) -> [(start column, end column, link)], 1-based, of every ``link`` in the line

    def link_spans(path, line):
        key = (path, line)
        if key not in spans:
            with open(path, encoding="utf-8") as handle:
                text = handle.read().split("\n")[line - 1]
            spans[key] = [(m.start() + 1, m.end(), m.group(1).strip()) for m in LINK_RE.finditer(text)]
        return spans[key]

    flagged = {}   # (file, line, link) -> DocC's message
    for path, line, column, message in diagnostics:
        for start, end, link in link_spans(path, line):
            if start <= column <= end:
                flagged[(path, line, link)] = message
    disagreements = []
    seen = set()
    agreed, cross_module = 0, 0
    for verdict in verdicts:
        key = (verdict["file"], verdict["line"], verdict["link"])
        seen.add(key)
        if not verdict["in_graph"]:
            continue
        where = f"{os.path.relpath(verdict['file'], args.root)}:{verdict['line']}: ``{verdict['link']}``"
        if verdict["status"] != "resolved":
            if key in flagged:
                agreed += 1
            else:
                disagreements.append(f"{where}: we report it ({verdict['status']}), DocC resolves it")
        elif key in flagged:
            if verdict["target_module"] != verdict["module"]:
                cross_module += 1
            else:
                disagreements.append(f"{where}: we resolve it to {verdict['target']}, DocC says: {flagged[key]}")
        else:
            agreed += 1
    for key, message in sorted(flagged.items()):
        if key not in seen:
            disagreements.append(f"{os.path.relpath(key[0], args.root)}:{key[1]}: ``{key[2]}``: DocC reports it "
                                 f"({message}) but the check never saw it")
    for line in disagreements:
        print(f"error: DocC disagrees: {line}")
    print(f"DocC agrees on {agreed} links; {cross_module} more resolve only across modules, which DocC builds "
          f"one at a time; {len(disagreements)} disagreements")
    return 1 if disagreements else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    extract_parser = commands.add_parser("extract")
    extract_parser.add_argument("--manifest", required=True, help="SwiftPM's build manifest, SCRATCH/debug.yaml")
    extract_parser.add_argument("--describe", required=True, help="`swift package describe --type json`")
    extract_parser.add_argument("--output", required=True)
    extract_parser.add_argument("--examples", action="append", help="a folder of example packages")
    extract_parser.add_argument("--public", action="store_true", help="public symbols only (DocC's reference)")
    extract_parser.add_argument("--only", nargs="+", metavar="MODULE",
                                help="these modules only, each module's graphs in OUTPUT/MODULE")
    extract_parser.add_argument("--extractor", default="swift-symbolgraph-extract")
    extract_parser.add_argument("--swiftc", default="swiftc")
    check_parser = commands.add_parser("check")
    check_parser.add_argument("--graphs", required=True)
    check_parser.add_argument("--root", required=True)
    check_parser.add_argument("--verbose", action="store_true", help="also list every link that resolves")
    check_parser.add_argument("--json", help="write every link and its verdict to this file")
    check_parser.add_argument("paths", nargs="+")
    agree_parser = commands.add_parser("docc-agree")
    agree_parser.add_argument("--graphs", required=True)
    agree_parser.add_argument("--verdicts", required=True, help="what check --json wrote")
    agree_parser.add_argument("--root", required=True)
    agree_parser.add_argument("--docc", default="docc")
    args = parser.parse_args()
    return {"extract": extract, "check": check, "docc-agree": docc_agree}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
