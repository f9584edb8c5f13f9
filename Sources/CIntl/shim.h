/* CIntl: gettext (libintl, part of glibc) for Swift, which Glibc's module map leaves out. */
#ifndef TANDEM_CINTL_SHIM_H
#define TANDEM_CINTL_SHIM_H
#include <libintl.h>
#include <locale.h>
#endif
