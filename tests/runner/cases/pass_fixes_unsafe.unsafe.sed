s/if (stat(/if (lstat(/
