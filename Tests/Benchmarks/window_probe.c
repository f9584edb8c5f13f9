/* Time to window, seen from outside: waits until process PID shows COUNT viewable windows (by
 * their _NET_WM_PID) and prints the CLOCK_MONOTONIC time of that moment in seconds, or "timeout".
 * It looks again whenever the server says a window was mapped, made or moved into another (the
 * root's and each top-level window's structure events: a window manager's frame holds the client
 * window), and every 100 ms besides. xdotool, started anew every 10 ms, saw a window only to
 * within ~15 ms, and a look every millisecond took a third of a core from the launch.
 *
 *   window_probe PID COUNT [TIMEOUT_S] */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/select.h>
#include <time.h>

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static long window_pid(Display *display, Window window, Atom pid_atom) {
    Atom type;
    int format;
    unsigned long count, after;
    unsigned char *data = NULL;
    long pid = -1;
    if (XGetWindowProperty(display, window, pid_atom, 0, 1, False, XA_CARDINAL, &type, &format, &count, &after, &data) == Success
        && data && type == XA_CARDINAL && format == 32 && count == 1)
        pid = (long)*(unsigned long *)data;
    if (data) XFree(data);
    return pid;
}

/* The process's viewable windows under `window`, two levels down (a window manager's frame
 * holds the client window). */
static int count_shown(Display *display, Window window, long pid, Atom pid_atom, int depth) {
    Window root, parent, *children = NULL;
    unsigned int n = 0;
    int shown = 0;
    if (!XQueryTree(display, window, &root, &parent, &children, &n)) return 0;
    for (unsigned int i = 0; i < n; i++) {
        XWindowAttributes attributes;
        if (!XGetWindowAttributes(display, children[i], &attributes) || attributes.map_state != IsViewable) continue;
        if (window_pid(display, children[i], pid_atom) == pid) shown++;
        else if (depth < 2) shown += count_shown(display, children[i], pid, pid_atom, depth + 1);
    }
    if (children) XFree(children);
    return shown;
}

static int ignore_errors(Display *display, XErrorEvent *error) {
    (void)display; (void)error;  /* a window that went between two requests */
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: window_probe PID COUNT [TIMEOUT_S]\n");
        return 2;
    }
    long pid = atol(argv[1]);
    int wanted = atoi(argv[2]);
    double limit = argc > 3 ? atof(argv[3]) : 20.0;
    Display *display = XOpenDisplay(NULL);
    if (!display) {
        fprintf(stderr, "window_probe: no X display\n");
        return 2;
    }
    XSetErrorHandler(ignore_errors);
    Atom pid_atom = XInternAtom(display, "_NET_WM_PID", False);
    Window root = DefaultRootWindow(display);
    XSelectInput(display, root, SubstructureNotifyMask);
    Window parent, *children = NULL;
    unsigned int n = 0;
    if (XQueryTree(display, root, &root, &parent, &children, &n)) {
        for (unsigned int i = 0; i < n; i++) XSelectInput(display, children[i], SubstructureNotifyMask);
        if (children) XFree(children);
    }
    double deadline = now_s() + limit;
    while (now_s() < deadline) {
        if (count_shown(display, root, pid, pid_atom, 0) >= wanted) {
            printf("%.6f\n", now_s());
            return 0;
        }
        /* Until an event that may have shown a window, or 100 ms. */
        int changed = 0;
        while (!changed && now_s() < deadline) {
            while (XPending(display)) {
                XEvent event;
                XNextEvent(display, &event);
                if (event.type == CreateNotify && event.xcreatewindow.parent == root)
                    XSelectInput(display, event.xcreatewindow.window, SubstructureNotifyMask);
                if (event.type == MapNotify || event.type == ReparentNotify || event.type == CreateNotify) changed = 1;
            }
            if (changed) break;
            fd_set readable;
            FD_ZERO(&readable);
            FD_SET(ConnectionNumber(display), &readable);
            struct timeval wait = {0, 100000};
            if (select(ConnectionNumber(display) + 1, &readable, NULL, NULL, &wait) == 0) break;
        }
    }
    printf("timeout\n");
    return 1;
}
