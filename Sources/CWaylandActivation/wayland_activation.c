#include "wayland_activation.h"
#include "xdg-activation-v1-client-protocol.h"
#include <gdk/gdkwayland.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

/* One display per process (GTK's default), so the state is one static record. */
static struct {
    struct wl_display *display;
    struct wl_seat *seat;
    struct xdg_activation_v1 *activation;
    struct wl_keyboard *keyboard;
    struct wl_surface *focus;  /* the app's surface that has the keyboard, or NULL */
    uint32_t focus_serial;     /* the serial of its wl_keyboard.enter: what the compositor accepts */
} state;

static void keyboard_keymap(void *data, struct wl_keyboard *keyboard, uint32_t format, int32_t fd, uint32_t size) {
    close(fd);  /* GTK's own keyboard reads the keymap; this one only follows the focus */
}

static void keyboard_enter(void *data, struct wl_keyboard *keyboard, uint32_t serial, struct wl_surface *surface,
                           struct wl_array *keys) {
    state.focus = surface;
    state.focus_serial = serial;
}

static void keyboard_leave(void *data, struct wl_keyboard *keyboard, uint32_t serial, struct wl_surface *surface) {
    state.focus = NULL;  /* whichever surface it was: one destroyed meanwhile arrives as NULL */
}

static void keyboard_key(void *data, struct wl_keyboard *keyboard, uint32_t serial, uint32_t time, uint32_t key,
                         uint32_t key_state) {}

static void keyboard_modifiers(void *data, struct wl_keyboard *keyboard, uint32_t serial, uint32_t depressed,
                               uint32_t latched, uint32_t locked, uint32_t group) {}

static void keyboard_repeat_info(void *data, struct wl_keyboard *keyboard, int32_t rate, int32_t delay) {}

/* Every event of the seat's version has a handler: libwayland aborts on a missing one. */
static const struct wl_keyboard_listener keyboard_listener = {
    keyboard_keymap, keyboard_enter, keyboard_leave, keyboard_key, keyboard_modifiers, keyboard_repeat_info,
};

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                            uint32_t version) {
    if (strcmp(interface, xdg_activation_v1_interface.name) == 0 && !state.activation)
        state.activation = wl_registry_bind(registry, name, &xdg_activation_v1_interface, 1);
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {}

static const struct wl_registry_listener registry_listener = { registry_global, registry_global_remove };

bool tandem_activation_start(GdkDisplay *display) {
    if (state.display) return state.activation != NULL;
    if (!GDK_IS_WAYLAND_DISPLAY(display)) return false;
    GdkSeat *seat = gdk_display_get_default_seat(display);
    if (!seat || !(gdk_seat_get_capabilities(seat) & GDK_SEAT_CAPABILITY_KEYBOARD)) return false;
    state.display = gdk_wayland_display_get_wl_display(display);
    state.seat = gdk_wayland_seat_get_wl_seat(seat);

    /* The registry is read on a queue of its own, so the round trip dispatches nothing of GTK's. */
    struct wl_event_queue *queue = wl_display_create_queue(state.display);
    struct wl_display *wrapper = wl_proxy_create_wrapper(state.display);
    wl_proxy_set_queue((struct wl_proxy *)wrapper, queue);
    struct wl_registry *registry = wl_display_get_registry(wrapper);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip_queue(state.display, queue);
    wl_registry_destroy(registry);
    wl_proxy_wrapper_destroy(wrapper);
    if (state.activation) wl_proxy_set_queue((struct wl_proxy *)state.activation, NULL);
    wl_event_queue_destroy(queue);
    if (!state.activation) return false;

    /* Our keyboard's events come on the default queue, which GTK's loop dispatches. */
    state.keyboard = wl_seat_get_keyboard(state.seat);
    wl_keyboard_add_listener(state.keyboard, &keyboard_listener, NULL);
    return true;
}

static void token_done(void *data, struct xdg_activation_token_v1 *token, const char *name) {
    *(char **)data = strdup(name);
}

static const struct xdg_activation_token_v1_listener token_listener = { token_done };

GdkWindow *tandem_activation_focus(void) {
    if (!state.focus) return NULL;
    /* Compared with the surfaces of the windows alive now, so a stale pointer is never used. */
    GList *windows = gdk_screen_get_toplevel_windows(gdk_screen_get_default());
    GdkWindow *found = NULL;
    for (GList *node = windows; node && !found; node = node->next) {
        GdkWindow *window = node->data;
        if (!gdk_window_is_destroyed(window) && gdk_wayland_window_get_wl_surface(window) == state.focus) found = window;
    }
    g_list_free(windows);
    return found;
}

bool tandem_activation_raise(GdkWindow *from, GdkWindow *target) {
    if (!state.activation || !from || !target || from != tandem_activation_focus()) return false;
    if (gdk_window_is_destroyed(target)) return false;
    struct wl_surface *from_surface = state.focus;
    struct wl_surface *target_surface = gdk_wayland_window_get_wl_surface(target);
    if (!target_surface) return false;

    struct wl_event_queue *queue = wl_display_create_queue(state.display);
    struct xdg_activation_v1 *wrapper = wl_proxy_create_wrapper(state.activation);
    wl_proxy_set_queue((struct wl_proxy *)wrapper, queue);
    struct xdg_activation_token_v1 *token = xdg_activation_v1_get_activation_token(wrapper);
    char *name = NULL;
    xdg_activation_token_v1_add_listener(token, &token_listener, &name);
    xdg_activation_token_v1_set_serial(token, state.focus_serial, state.seat);
    xdg_activation_token_v1_set_surface(token, from_surface);
    xdg_activation_token_v1_commit(token);
    while (!name && wl_display_dispatch_queue(state.display, queue) != -1) {}
    xdg_activation_token_v1_destroy(token);
    wl_proxy_wrapper_destroy(wrapper);
    wl_event_queue_destroy(queue);
    if (!name) return false;
    xdg_activation_v1_activate(state.activation, name, target_surface);
    wl_display_flush(state.display);
    free(name);
    return true;
}
