/* hook_demo: reading its configuration. */
#ifndef HOOK_DEMO_CONFIG_H
#define HOOK_DEMO_CONFIG_H

int config_dir_is_usable(const char *path);

#endif
