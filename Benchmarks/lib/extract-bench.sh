# Shared by the extractor's benchmark scripts (sourced, not run; the caller is at the repository's root).

# Builds extract-bench in release into Benchmarks/.build-release and sets $scratch to that folder and $bench to
# the program.
build_extract_bench() {
    scratch="$(pwd)/Benchmarks/.build-release"
    echo "Building extract-bench (release)..." >&2
    swift build -c release --package-path Benchmarks --scratch-path "$scratch" --product extract-bench >&2
    bench="$(swift build -c release --package-path Benchmarks --scratch-path "$scratch" --show-bin-path)/extract-bench"
}

# The default test pages: Mozilla Readability's (Benchmarks/data/readability-test-pages.tar.xz), unpacked once
# into Benchmarks/.build-release; prints their folder.
readability_test_pages() {
    local folder
    folder="$(pwd)/Benchmarks/.build-release/readability-test-pages"
    if [ ! -d "$folder" ]; then
        local unpacking="$folder.unpacking"
        rm -rf "$unpacking"
        mkdir -p "$unpacking"
        tar -C "$unpacking" -xJf Benchmarks/data/readability-test-pages.tar.xz >&2
        mv "$unpacking/readability-test-pages" "$folder"
        rm -rf "$unpacking"
    fi
    echo "$folder"
}

# Exits with a message unless directory $1 holds test pages, each a directory with a file named $2.
require_test_pages() {
    if [ ! -d "$1" ] || ! ls "$1"/*/"$2" > /dev/null 2>&1; then
        echo "error: no test pages in $1 (each page a directory with $2)." >&2
        echo "Copy test/test-pages of mozilla/readability there, or name another directory with --pages." >&2
        exit 1
    fi
}
