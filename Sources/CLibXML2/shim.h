#ifndef SAB_ONBOARDING_CLIBXML2_SHIM_H
#define SAB_ONBOARDING_CLIBXML2_SHIM_H

/* ICU must be switched off before any other libxml2 header: otherwise every target that also
   imports Foundation fails with a clash between libxml2's and Foundation's ICU enums. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>

#endif
