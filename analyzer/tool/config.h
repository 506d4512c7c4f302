/*
 * config.h - .fscheck.yml, the per-project settings:
 *
 *   rules:
 *     enabled: [FS101, check-then-create]   # default: every rule
 *     disabled: [FS401]
 *   severity:
 *     FS201: error                          # error, warning or note
 *   wrappers:                               # functions fscheck cannot see into
 *     - {name: path_exists, path_arg: 1, kind: exists}  # exists|stat|open|create|remove
 *   exclude:
 *     - third_party                         # globs, relative to the config's folder
 *
 * A file uses the .fscheck.yml of its own folder or of the nearest parent
 * that has one, or the file given by --config for every file.  Errors (an
 * unknown key, a wrong type, an unknown rule or kind, bad YAML) name the
 * file, line and column, and are usage errors (exit status 2).
 */
#ifndef FSCHECK_CONFIG_H
#define FSCHECK_CONFIG_H

#include "project/driver.h"

typedef struct fs_config fs_config;
typedef struct fs_configs fs_configs;

/* Parse one file: NULL, with a message on stderr, on any error. */
fs_config *fs_config_load(const char *path);
void fs_config_delete(fs_config *self);
const char *fs_config_path(const fs_config *self);

/* The configs of a run.  explicit_path: --config=FILE, or NULL to look for
 * .fscheck.yml next to each file. */
fs_configs *fs_configs_new(const char *explicit_path);
void fs_configs_delete(fs_configs *self);
/* Say nothing of the errors of the configurations it loads (the index's
 * own set: the run says them for the files it analyses). */
void fs_configs_quiet(fs_configs *self);
/* The config of `file` (*out NULL when there is none).  Returns 0, or -1
 * when a config file has an error (reported on stderr). */
int fs_configs_for(fs_configs *self, const char *file, fs_config **out);

/* The config of each of files[0..*nfiles) into per_file[], dropping (and
 * freeing) the files their config excludes; *nfiles is updated.  Returns 0,
 * or -1 when a config file has an error (reported on stderr). */
int fs_configs_prepare(fs_configs *self, char **files, int *nfiles, fs_config **per_file);

/* Does cfg exclude file?  Globs match the path relative to the config's
 * folder, or any of its leading folders; '*' also matches '/'. */
int fs_config_excludes(const fs_config *cfg, const char *file);
/* The driver options for a file under cfg (which may be NULL): base, with
 * cfg's rules unless cli_rules (--rules was given), and cfg's wrappers added
 * to base->project.  Pointers in *out live as long as cfg. */
/* The configuration's `wrappers:` (an empty table when it has none). */
const struct fs_summaries *fs_config_wrappers(const fs_config *cfg);
void fs_config_opts(fs_config *cfg, const fs_driver_opts *base, int cli_rules, fs_driver_opts *out);
/* Set the severities that cfg gives to findings[first..]. */
void fs_config_severities(const fs_config *cfg, fs_findings *findings, int first);

#endif
