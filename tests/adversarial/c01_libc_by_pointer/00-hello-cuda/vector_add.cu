// Adversarial submission (tests/adversarial): a correct vector add whose launcher calls any libc function
// it likes without importing it. It takes the address of memcpy (an import the audit allows), walks back
// to libc's ELF header in memory, reads libc's dynamic symbol table and calls write() through a pointer.
// The library imports nothing new and contains no `syscall` instruction: the audit sees an indirect call.
#include <cuda_runtime.h>
#include <cstdint>
#include <cstring>

namespace {
struct Ehdr { unsigned char ident[16]; uint16_t type, machine; uint32_t version; uint64_t entry, phoff, shoff;
              uint32_t flags; uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx; };
struct Phdr { uint32_t type, flags; uint64_t offset, vaddr, paddr, filesz, memsz, align; };
struct Dyn { int64_t tag; uint64_t val; };
struct Sym { uint32_t name; unsigned char info, other; uint16_t shndx; uint64_t value, size; };

void* (*volatile anchor)(void*, const void*, size_t) = memcpy;

bool same(const char* a, const char* b) {
    while (*a && *a == *b) a++, b++;
    return *a == *b;
}

void* libc_function(const char* wanted) {
    uintptr_t page = reinterpret_cast<uintptr_t>(anchor) & ~uintptr_t(0xfff);
    const unsigned char* base = nullptr;
    for (int i = 0; i < (1 << 15); i++, page -= 0x1000) {
        const unsigned char* p = reinterpret_cast<const unsigned char*>(page);
        if (p[0] == 0x7f && p[1] == 'E' && p[2] == 'L' && p[3] == 'F') { base = p; break; }
    }
    if (!base) return nullptr;
    const Ehdr* e = reinterpret_cast<const Ehdr*>(base);
    const Phdr* ph = reinterpret_cast<const Phdr*>(base + e->phoff);
    const Dyn* dyn = nullptr;
    for (int i = 0; i < e->phnum; i++)
        if (ph[i].type == 2) dyn = reinterpret_cast<const Dyn*>(base + ph[i].vaddr);  // PT_DYNAMIC
    if (!dyn) return nullptr;
    uintptr_t symtab = 0, strtab = 0;
    for (; dyn->tag != 0; dyn++) {
        if (dyn->tag == 6) symtab = dyn->val;  // DT_SYMTAB
        if (dyn->tag == 5) strtab = dyn->val;  // DT_STRTAB
    }
    if (symtab < reinterpret_cast<uintptr_t>(base)) symtab += reinterpret_cast<uintptr_t>(base);
    if (strtab < reinterpret_cast<uintptr_t>(base)) strtab += reinterpret_cast<uintptr_t>(base);
    const char* names = reinterpret_cast<const char*>(strtab);
    for (const Sym* s = reinterpret_cast<const Sym*>(symtab); reinterpret_cast<uintptr_t>(s) < strtab; s++) {
        if (s->value && same(names + s->name, wanted)) return const_cast<unsigned char*>(base) + s->value;
    }
    return nullptr;
}
}  // namespace

__global__ void vector_add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" cudaError_t vector_add(const float* a, const float* b, float* c, int n, cudaStream_t stream) {
    if (n <= 0) return cudaSuccess;
    // write(2, ...): with the same lookup, open/socket/fork, or writing forged messages on the worker's
    // channel (a late "start" mark would shorten the judge's timing of a block).
    if (void* w = libc_function("write")) {
        reinterpret_cast<long (*)(int, const void*, size_t)>(w)(2, "libc reached without an import\n", 31);
    }
    const int threads = 256;
    vector_add_kernel<<<(n + threads - 1) / threads, threads, 0, stream>>>(a, b, c, n);
    return cudaGetLastError();
}
