s/access(path, F_OK) == 0 \&\& //
