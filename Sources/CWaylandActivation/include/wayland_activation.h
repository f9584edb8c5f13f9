/* Raising one of Tandem's own windows on Wayland. GTK 3 activates a window only with a token the
 * launcher gave it; between an app's own windows (its Windows menu, its switcher) it asks for
 * nothing, and the compositor leaves the focus where it is. xdg-activation-v1 lets an app that
 * has the keyboard focus vouch for another of its surfaces: a token asked for with the focused
 * surface and the serial of the focus it holds, then given with the surface to activate. */
#pragma once
#include <gdk/gdk.h>
#include <stdbool.h>

/** Starts following which of the app's surfaces has the keyboard (through a wl_keyboard of its
 * own on GTK's seat) and binds the compositor's xdg_activation_v1. Call once, on the main thread,
 * after the display is open. False when the display is not Wayland or the compositor has no
 * xdg-activation; `tandem_activation_raise` then does nothing. */
bool tandem_activation_start(GdkDisplay *display);

/** The app's GdkWindow (a toplevel, or a menu's popup) that has the keyboard focus, as the
 * compositor last said; NULL when none has (another app has it, or a popup that had it closed). */
GdkWindow *tandem_activation_focus(void);

/** Asks the compositor to activate `target` (a toplevel's GdkWindow) on the word of `from`, which
 * must be `tandem_activation_focus()`. Blocks for one round trip to the compositor. False when it
 * cannot ask: not started, `from` has not the focus, or `target` is gone. */
bool tandem_activation_raise(GdkWindow *from, GdkWindow *target);
