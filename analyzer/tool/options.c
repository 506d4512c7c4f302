/* options.c - the option table, and its two renderings: --help and fscheck(1). */
#include "tool/options.h"
#include "rules/registry.h"
#include "check/rule.h"
#include "base/version.h"

#include <string.h>

const fs_option fs_options[] = {
    { "-p", NULL, "DIR", ' ', "folder holding compile_commands.json",
      "As clang-tidy's -p. Without it, fscheck looks for compile_commands.json in each input file's folder "
      "and its parents (and their build/ folders)." },
    { "--extra-arg", NULL, "FLAG", '=', "add FLAG after each unit's compiler flags (as clang-tidy's)",
      "Also after the flags of compile_commands.json; may be given more than once." },
    { "--extra-arg-before", NULL, "FLAG", '=', "add FLAG before each unit's compiler flags (as clang-tidy's)",
      "CMake's CMAKE_C_CLANG_TIDY hook passes --extra-arg-before=--driver-mode=gcc." },
    { "--engine", NULL, "ENGINE", '=', "auto (default), clang or tree-sitter",
      "auto uses libclang, and tree-sitter for each function that libclang could not give a sound syntax tree for "
      "(and for a whole file when libclang cannot be loaded).  libclang is loaded only when a run needs it: the "
      "one fscheck was built with, or the file $FSCHECK_LIBCLANG names." },
    { "--format", NULL, "FORMAT", '=', "text (default), json, sarif or github",
      "text: clang-style diagnostics. json: the JSON document of the contract. sarif: SARIF 2.1.0, for code "
      "scanning (GitHub's upload-sarif). github: GitHub Actions workflow commands, shown as annotations on "
      "pull requests." },
    { "--rules", NULL, "LIST", '=', "comma list of rule ids or names to enable; -ID disables (all,-FS401)",
      "Overrides the rules of the configuration file." },
    { "--config", NULL, "FILE", '=', "read this configuration file instead of the nearest .fscheck.yml",
      "See CONFIGURATION." },
    { "-j", NULL, "N", ' ', "parallel jobs (default: the number of processors)",
      "Translation units are analysed in parallel; the output is the same for every N." },
    { "--shard", NULL, "I/N", '=', "analyse only the I-th of N deterministic slices of the units",
      "For CI matrices: run each shard with --format=json and combine the reports with fscheck merge FILE..." },
    { "--no-prefilter", NULL, NULL, 0, "parse every unit, also those that name no probe",
      "By default a unit whose main file (and the project headers it includes) names no probe, no probing "
      "wrapper and no probing macro is not parsed: it cannot hold a finding. Findings are the same either way." },
    { "--no-index", NULL, NULL, 0, "do not index the project for wrappers defined in other files", NULL },
    { "--no-cache", NULL, NULL, 0, "neither read nor write the index cache",
      "The index is cached in $FSCHECK_CACHE_DIR, $XDG_CACHE_HOME/fscheck or ~/.cache/fscheck, keyed by each "
      "file's content; a corrupt or foreign cache is ignored and rebuilt.  Cache files of other roots unused "
      "for $FSCHECK_CACHE_DAYS days (default 30; 0: never) are removed when a run writes its own." },
    { "--fix", NULL, NULL, 0, "apply safe fixes in place", NULL },
    { "--unsafe-fixes", NULL, NULL, 0,
      "also apply fixes marked unsafe (implies --fix without --diff/--export-fixes)", NULL },
    { "--diff", NULL, NULL, 0, "print the fixes as a unified diff and change nothing",
      "The diff applies with git apply or patch -p1 from the project root." },
    { "--export-fixes", NULL, "FILE", '=', "write the fixes as clang-apply-replacements YAML", NULL },
    { "--baseline", NULL, "FILE", '=', "leave out the findings recorded in FILE (see --write-baseline)",
      "Findings are matched by fingerprint: file, rule, function, path expression and the text of the calls "
      "involved, never line numbers, so a baseline survives unrelated edits." },
    { "--write-baseline", NULL, "FILE", '=', "record the current findings in FILE; report none of them",
      "FILE is JSON; its paths are relative to its own folder. Commit it, and run with --baseline=FILE." },
    { "--changed-since", NULL, "REV", '=', "only findings on lines changed since git revision REV",
      "Changed lines are those that git diff -U0 REV reports for the working tree, and every line of files that "
      "git does not track yet. A REV that is not a revision is a usage error." },
    { "--report-unused-suppressions", NULL, NULL, 0,
      "report NOLINT comments that silence nothing (as FS000 findings)",
      "Only comments that name an enabled fscheck rule are reported: a bare NOLINT is shared with other tools. "
      "An unbalanced NOLINTBEGIN or NOLINTEND is always reported." },
    { "--exit-zero", NULL, NULL, 0, "exit 0 even when findings are reported", NULL },
    { "--quiet", "-q", NULL, 0, "no progress or notes on stderr", NULL },
    { "--list-rules", NULL, NULL, 0, "list the rules and exit", NULL },
    { "--explain", NULL, "ID", ' ', "print the documentation of a rule and exit", NULL },
    { "--explain-function", NULL, "NAME", '=', "print what fscheck concluded about a function and exit",
      "Which parameter is a probe, open, create or remove at its call sites, whether it writes through a parameter, "
      "may change files or ends the process; for a parameter that is no wrapper's path, why (the return reached "
      "without a call on it, a conflicting definition). Takes the PATHs a check would, and builds the same index." },
    { "--version", NULL, NULL, 0, "print the version and exit", NULL },
    { "--help", "-h", NULL, 0, "print this help and exit", NULL },
    { "--", NULL, NULL, 0, "compiler flags for files without a compile command follow",
      "If the first word after -- is a compiler (CMake's CMAKE_C_CLANG_TIDY calling form), it is dropped." },
};
const int fs_noptions = sizeof fs_options / sizeof fs_options[0];

void fs_options_usage(FILE *out)
{
    fputs("usage: fscheck [OPTIONS] [PATH ...] [-- COMPILER_ARGS ...]\n"
          "\n"
          "Find redundant and racy filesystem probes in C code.\n"
          "\n"
          "PATH is a C file, or a folder searched recursively for .c files.\n"
          "\n"
          "Options:\n",
          out);
    for (int i = 0; i < fs_noptions; i++) {
        const fs_option *o = &fs_options[i];
        char spelling[64];
        snprintf(spelling, sizeof spelling, "%s%s%s%c%s", o->alias ? o->alias : "", o->alias ? ", " : "", o->name,
                 o->arg ? o->sep : '\0', o->arg ? o->arg : "");
        if (strlen(spelling) >= 23)
            fprintf(out, "  %s\n  %-22s %s\n", spelling, "", o->help);
        else
            fprintf(out, "  %-22s %s\n", spelling, o->help);
    }
    fputs("\n"
          "Settings come from the nearest .fscheck.yml (see --config); NOLINT comments\n"
          "silence findings as in clang-tidy. Exit status: 0 no findings, 1 findings\n"
          "reported, 2 usage, configuration or input error, 3 internal failure.\n",
          out);
}

/* --- the man page ----------------------------------------------------------- */

/* Text for roff: backslashes and hyphens escaped, no line starting with a
 * control character. */
static void fs_roff(FILE *out, const char *s)
{
    if (*s == '.' || *s == '\'')
        fputs("\\&", out);
    for (; *s; s++) {
        if (*s == '\\')
            fputs("\\e", out);
        else if (*s == '-')
            fputs("\\-", out);
        else if (*s == '\n') {
            fputc('\n', out);
            if (s[1] == '.' || s[1] == '\'')
                fputs("\\&", out);
        } else
            fputc(*s, out);
    }
}

static void fs_man_para(FILE *out, const char *text)
{
    fs_roff(out, text);
    fputc('\n', out);
}

void fs_options_man(FILE *out)
{
    fprintf(out, ".\\\" generated from analyzer/options.c by gen_man: do not edit\n");
    fprintf(out, ".TH FSCHECK 1 \"\" \"fscheck %s\" \"User Commands\"\n", FSCHECK_VERSION);
    fputs(".SH NAME\nfscheck \\- find redundant and racy filesystem probes in C code\n", out);
    fputs(".SH SYNOPSIS\n.B fscheck\n[\\fIOPTIONS\\fR] [\\fIPATH\\fR ...] [\\fB\\-\\-\\fR \\fICOMPILER_ARGS\\fR ...]\n",
          out);
    fputs(".SH DESCRIPTION\n", out);
    fs_man_para(out, "fscheck reads C code and reports filesystem probes that are redundant (an access() before a "
                     "stat() that answers the same question, a stat() repeated) or racy (a check of a path before "
                     "opening, creating or removing it: a time-of-check to time-of-use race, CWE-367), with "
                     "rewrites that it can apply.");
    fputs(".PP\n", out);
    fs_man_para(out, "PATH is a C file, or a folder searched recursively for .c files. With -p DIR and no PATH, "
                     "every translation unit of DIR/compile_commands.json is checked.");
    fputs(".SH OPTIONS\n", out);
    for (int i = 0; i < fs_noptions; i++) {
        const fs_option *o = &fs_options[i];
        fputs(".TP\n", out);
        if (o->alias) {
            fputs("\\fB", out);
            fs_roff(out, o->alias);
            fputs("\\fR, ", out);
        }
        fputs("\\fB", out);
        fs_roff(out, o->name);
        fputs("\\fR", out);
        if (o->arg) {
            fputs(o->sep == '=' ? "=" : " ", out);
            fputs("\\fI", out);
            fs_roff(out, o->arg);
            fputs("\\fR", out);
        }
        fputc('\n', out);
        fs_roff(out, o->help);
        fputs(".\n", out);
        if (o->more)
            fs_man_para(out, o->more);
    }
    fputs(".SH RULES\n", out);
    for (int i = 0; i < fs_nrules; i++) {
        fputs(".TP\n\\fB", out);
        fs_roff(out, fs_rules[i]->id);
        fputs("\\fR ", out);
        fs_roff(out, fs_rules[i]->name);
        fputc('\n', out);
        fs_man_para(out, fs_rules[i]->summary);
    }
    fputs(".PP\n", out);
    fs_man_para(out, "fscheck --explain ID prints a rule's page; the pages are also installed in "
                     "share/doc/fscheck/rules/.");
    fputs(".SH CONFIGURATION\n", out);
    fs_man_para(out, "A file uses the .fscheck.yml of its own folder or of the nearest parent folder that has one "
                     "(or the file given by --config for every file):");
    fputs(".PP\n.nf\n.RS 4\n", out);
    fs_roff(out, "rules:\n"
                 "  enabled: [FS101, FS201]     # default: all\n"
                 "  disabled: [probe-in-loop]\n"
                 "severity:\n"
                 "  FS201: error                # error, warning or note\n"
                 "wrappers:                     # functions fscheck cannot see into\n"
                 "  - name: path_exists\n"
                 "    path_arg: 1               # counted from 1\n"
                 "    kind: exists              # exists, stat, open, create or remove\n"
                 "exclude:\n"
                 "  - third_party               # globs, relative to this file's folder\n");
    fputs(".RE\n.fi\n.PP\n", out);
    fs_man_para(out, "An unknown key, a value of the wrong type, an unknown rule or kind, or a YAML syntax error "
                     "stops fscheck with exit status 2 and a message naming the file, line and column. "
                     "--rules overrides the rules of the file.");
    fputs(".SH SUPPRESSIONS\n", out);
    fs_man_para(out, "As in clang-tidy: // NOLINT(FS101) on the line of the finding, // NOLINTNEXTLINE(...) on "
                     "the line before, or // NOLINTBEGIN(...) and // NOLINTEND(...) around a block. Items are "
                     "rule ids, fscheck- names (fscheck-exists-then-stat) or globs (fscheck-*); a bare "
                     "NOLINT silences every rule on its line. Problems with the comments themselves are "
                     "findings of the pseudo-rule FS000 (fscheck-nolint).");
    fputs(".SH EXIT STATUS\n.TP\n0\nNo findings.\n.TP\n1\nFindings reported (0 with \\-\\-exit\\-zero).\n"
          ".TP\n2\nUsage, configuration or input error, such as a PATH that cannot be read.\n"
          ".TP\n3\nInternal failure.\n",
          out);
    fputs(".SH FILES\n.TP\n.I .fscheck.yml\nThe configuration; see CONFIGURATION.\n", out);
    fputs(".SH SEE ALSO\n.BR clang\\-tidy (1),\n.BR git\\-diff (1)\n", out);
}
