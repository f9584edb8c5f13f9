/* Extended attributes (ACLs live in them): <sys/xattr.h>, which Swift's Glibc module leaves out. */
#include <sys/types.h>
#include <sys/xattr.h>
