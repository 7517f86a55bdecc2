# Shared by the benchmark scripts (sourced, not run).

# Copies database $1 to $2 with its WAL and shared-memory files, if any, replacing what $2 held.
copy_db() {
    rm -f "$2" "$2-wal" "$2-shm"
    local suffix
    for suffix in "" -wal -shm; do
        if [ -f "$1$suffix" ]; then cp "$1$suffix" "$2$suffix"; fi
    done
}
