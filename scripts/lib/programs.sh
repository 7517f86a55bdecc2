# What scripts/install and scripts/package share: the three programs, built with their manual pages, and the
# files made from them (tidied manual pages, shell completion scripts, rss-serve's systemd user unit). Sourced
# from the repository's root.

# The programs, and the targets swift-argument-parser's generate-manual plugin names their pages' folders after.
RSS_REEDER_PROGRAMS=(rss-repl rss-report rss-serve)
declare -A RSS_REEDER_PROGRAM_TARGETS=([rss-repl]=ReplFront [rss-report]=RssReport [rss-serve]=RssServe)

# Builds the programs and their manual pages in CONFIGURATION (debug or release), build output on standard
# error: the generate-manual plugin builds the package first, so one build serves both. The programs are then
# in $programs_dir. RSS_REEDER_SWIFT_FLAGS adds options to the swift command (the tests pass --ignore-lock:
# they run inside `swift test`, which holds the build folder's lock). With RSS_REEDER_BUILD_LOCK naming a file,
# the build and what is read from it afterwards are serialised with any other script given the same file (the
# tests run scripts/install and scripts/package at once on one build folder, where the plugin rewrites its
# pages each time): it is held from here until release_build.
build_programs() {
    local configuration="$1"
    local swift_flags
    read -r -a swift_flags <<< "${RSS_REEDER_SWIFT_FLAGS:-}"
    if [ -n "${RSS_REEDER_BUILD_LOCK:-}" ]; then
        exec {build_lock}>> "$RSS_REEDER_BUILD_LOCK"
        flock "$build_lock"
    fi
    swift package "${swift_flags[@]}" generate-manual --configuration "$configuration" >&2
    programs_dir=".build/$configuration"
}

# Lets the next script given the same RSS_REEDER_BUILD_LOCK build, once this one has copied the programs and
# written their manual pages and completions.
release_build() {
    if [ -n "${build_lock:-}" ]; then
        flock -u "$build_lock"
        exec {build_lock}>&-
        build_lock=""
    fi
}

# Writes PROGRAM's manual page to FILE, tidied by scripts/lib/manual-fixups.awk (rss-serve keeps its
# subcommands).
write_manual() {
    local program="$1" file="$2"
    local subcommands=0
    [ "$program" = rss-serve ] && subcommands=1
    awk -v subcommands="$subcommands" -f scripts/lib/manual-fixups.awk \
        ".build/plugins/GenerateManual/outputs/${RSS_REEDER_PROGRAM_TARGETS[$program]}/$program.1" > "$file"
}

# Writes PROGRAM's completion script for SHELL (bash, zsh or fish) to FILE, as the built program generates it,
# but for the bash script's `#!/bin/bash` line: bash-completion sources the script, it is never run.
write_completion() {
    if [ "$2" = bash ]; then
        "$programs_dir/$1" --generate-completion-script bash | sed '1{/^#!/d}' > "$3"
    else
        "$programs_dir/$1" --generate-completion-script "$2" > "$3"
    fi
}

# Writes rss-serve's systemd user unit to FILE, for an rss-serve installed in BINDIR.
write_user_unit() {
    sed "s|@BINDIR@|$1|g" packaging/rss-serve.service.in > "$2"
}
