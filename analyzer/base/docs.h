/* docs.h - the rule documentation pages, built into the binary from rules/FSxxx.md. */
#ifndef FSCHECK_DOCS_H
#define FSCHECK_DOCS_H

/* The Markdown page of rule `id` ("FS101"), or NULL; "library.yml" is the
 * catalogue of library path calls (rules/library.yml). */
const char *fs_rule_doc(const char *id);

#endif
