/* Keystroke to screen, measured from outside the editor: one key sent through XTest, then the
 * screen area where its glyph must appear read with XGetImage until it changes. Prints the
 * microseconds from the key press to the first changed pixel, or "timeout".
 *
 *   key_latency X Y WIDTH HEIGHT [--keysym x] [--timeout-ms 1000] [--no-key]
 *
 * Before the key, the area must stay the same for 150 ms (a caret blink, a repaint after a focus
 * change are let through first; the caret itself is off: GTK's cursor-blink is disabled by the
 * driver). `--no-key` sends nothing: the probe must then time out, which checks that what it
 * sees change is the key's doing (Tests/Benchmarks/key_latency.py runs it). */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long long now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

/* The area's pixels into `out` (at least `capacity` bytes), as one comparable block; returns
 * how many bytes, 0 when the server gave no image. */
static size_t grab(Display *display, Window root, int x, int y, int width, int height, unsigned char *out,
                   size_t capacity) {
    XImage *image = XGetImage(display, root, x, y, (unsigned)width, (unsigned)height, AllPlanes, ZPixmap);
    if (!image) return 0;
    size_t size = (size_t)image->bytes_per_line * (size_t)height;
    if (size > capacity) size = capacity;
    memcpy(out, image->data, size);
    XDestroyImage(image);
    return size;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: key_latency X Y WIDTH HEIGHT [--keysym x] [--timeout-ms N] [--no-key]\n");
        return 2;
    }
    int x = atoi(argv[1]), y = atoi(argv[2]), width = atoi(argv[3]), height = atoi(argv[4]);
    const char *keysym_name = "x";
    long timeout_ms = 1000;
    int send = 1;
    for (int i = 5; i < argc; i++) {
        if (!strcmp(argv[i], "--keysym") && i + 1 < argc) keysym_name = argv[++i];
        else if (!strcmp(argv[i], "--timeout-ms") && i + 1 < argc) timeout_ms = atol(argv[++i]);
        else if (!strcmp(argv[i], "--no-key")) send = 0;
    }
    if (width <= 0 || height <= 0 || width > 512 || height > 512) {
        fprintf(stderr, "key_latency: an area of 1 to 512 pixels a side\n");
        return 2;
    }
    Display *display = XOpenDisplay(NULL);
    if (!display) {
        fprintf(stderr, "key_latency: no X display\n");
        return 2;
    }
    Window root = DefaultRootWindow(display);
    KeyCode code = XKeysymToKeycode(display, XStringToKeysym(keysym_name));
    if (!code) {
        fprintf(stderr, "key_latency: no key for %s\n", keysym_name);
        return 2;
    }
    size_t capacity = (size_t)width * (size_t)height * 4 + 4096;
    unsigned char *before = malloc(capacity), *current = malloc(capacity);
    if (!before || !current) return 2;
    size_t size = grab(display, root, x, y, width, height, before, capacity);
    if (!size) return 2;

    /* Still for 150 ms (at most 3 s of waiting): the area as it is before the key. */
    long long settle_deadline = now_us() + 3000000, still_since = now_us();
    while (now_us() - still_since < 150000 && now_us() < settle_deadline) {
        if (grab(display, root, x, y, width, height, current, capacity) != size) return 2;
        if (memcmp(before, current, size)) {
            memcpy(before, current, size);
            still_since = now_us();
        }
    }

    long long sent = now_us();
    if (send) {
        XTestFakeKeyEvent(display, code, True, 0);
        XTestFakeKeyEvent(display, code, False, 0);
        XFlush(display);
    }
    long long deadline = sent + timeout_ms * 1000;
    while (now_us() < deadline) {
        if (grab(display, root, x, y, width, height, current, capacity) != size) return 2;
        if (memcmp(before, current, size)) {
            printf("%lld\n", now_us() - sent);
            return 0;
        }
    }
    printf("timeout\n");
    return 1;
}
