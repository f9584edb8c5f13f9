#include "mapped_compare.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>

/* Where a SIGBUS on this thread goes back to, while a comparison runs (NULL otherwise). */
static __thread sigjmp_buf *guard;
static struct sigaction previous;
static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void on_bus(int signal, siginfo_t *info, void *context) {
    (void)signal; (void)info; (void)context;
    if (guard) siglongjmp(*guard, 1);
    /* Not a comparison's: the handler before ours (Swift's backtracer, or the default) takes it
       when the faulting instruction runs again. */
    sigaction(SIGBUS, &previous, NULL);
}

static void install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_bus;
    /* SA_NODEFER: the jump out leaves SIGBUS unblocked without sigsetjmp saving the mask (a
       system call per comparison otherwise). */
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous);
}

const unsigned char *tandem_map_file(int fd, size_t size) {
    if (size == 0) return NULL;
    void *mapped = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
    return mapped == MAP_FAILED ? NULL : mapped;
}

void tandem_unmap_file(const unsigned char *mapped, size_t size) {
    if (mapped) munmap((void *)mapped, size);
}

int tandem_mapped_compare(const unsigned char *mapped, const void *bytes, size_t count) {
    pthread_once(&installed, install);
    sigjmp_buf here;
    if (sigsetjmp(here, 0)) {
        guard = NULL;
        return -1;
    }
    guard = &here;
    int result = memcmp(mapped, bytes, count) == 0 ? 0 : 1;
    guard = NULL;
    return result;
}
