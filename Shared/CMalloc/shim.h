// glibc's allocator controls (mallopt), which Swift's Glibc module leaves out; used by FrontKit's
// AllocatorTuning.
#include <malloc.h>
