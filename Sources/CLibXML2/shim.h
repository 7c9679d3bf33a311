#ifndef SAB_ONBOARDING_CLIBXML2_SHIM_H
#define SAB_ONBOARDING_CLIBXML2_SHIM_H

/* ICU must be switched off before any other libxml2 header: otherwise every target that also
   imports Foundation fails with a clash between libxml2's and Foundation's ICU enums. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/globals.h>
#include <libxml/xmlerror.h>
#include <stdarg.h>
#include <stdio.h>

/* Where libxml2's messages go that do not pass through a parser context.

   A parser reports its errors to the structured handler of its SAX handler, but libxml2 2.9
   sends some messages past it: errors of the character converters and of the input buffers,
   raised without a context, and lines written with xmlGenericError (such as "xmlParseChunk:
   encoder error"). Those go to the thread's generic and structured handlers, which print to
   standard error unless replaced; libxml2 2.9 has no way to set them for one context.

   So around each call into the parser the caller installs handlers of its own for the calling
   thread (libxml2 keeps these handlers per thread) and restores the previous ones right after:
   no other thread and no later call is affected. The generic handler is variadic, which Swift
   cannot write: it is here, and hands each formatted message to `receive`. */
typedef struct cxml_error_route {
    void (*receive)(void *context, const char *message);
    void *context;
    xmlGenericErrorFunc savedGeneric;
    void *savedGenericContext;
    xmlStructuredErrorFunc savedStructured;
    void *savedStructuredContext;
} cxml_error_route;

static inline void cxml_route_generic_error(void *route, const char *format, ...) {
    char message[1024];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    cxml_error_route *target = (cxml_error_route *)route;
    target->receive(target->context, message);
}

/* Sends the calling thread's libxml2 messages to `route` (generic ones) and to `structured`
   with `structuredContext` (structured ones) until cxml_restore_errors. */
static inline void cxml_route_errors(cxml_error_route *route, xmlStructuredErrorFunc structured, void *structuredContext) {
    route->savedGeneric = xmlGenericError;
    route->savedGenericContext = xmlGenericErrorContext;
    route->savedStructured = xmlStructuredError;
    route->savedStructuredContext = xmlStructuredErrorContext;
    xmlSetGenericErrorFunc(route, cxml_route_generic_error);
    xmlSetStructuredErrorFunc(structuredContext, structured);
}

static inline void cxml_restore_errors(const cxml_error_route *route) {
    xmlSetGenericErrorFunc(route->savedGenericContext, route->savedGeneric);
    xmlSetStructuredErrorFunc(route->savedStructuredContext, route->savedStructured);
}

#endif
