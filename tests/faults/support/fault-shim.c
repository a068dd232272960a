// An LD_PRELOAD shim for the fault tests: makes the disk fail on demand for Müse's database
// files (any path holding "muse.db"), and for nothing else. Controlled by files in the
// directory $MUSE_FAULT_DIR, so a test can turn a fault on while the server runs:
//   fsync-eio   the next fsync/fdatasync of a database file fails with EIO (the file is removed)
//   enospc      while it exists, every pwrite to a database file fails with ENOSPC
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static int flag(const char *name, int take) {
  const char *dir = getenv("MUSE_FAULT_DIR");
  if (!dir) return 0;
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  if (take) return unlink(path) == 0;
  return access(path, F_OK) == 0;
}

static int is_database(int fd) {
  char link[64], path[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, sizeof path - 1);
  if (n <= 0) return 0;
  path[n] = 0;
  return strstr(path, "muse.db") != NULL;
}

#define REAL(name) static __typeof__(name) *real_##name; if (!real_##name) real_##name = dlsym(RTLD_NEXT, #name)

int fsync(int fd) {
  REAL(fsync);
  if (is_database(fd) && flag("fsync-eio", 1)) { errno = EIO; return -1; }
  return real_fsync(fd);
}

int fdatasync(int fd) {
  REAL(fdatasync);
  if (is_database(fd) && flag("fsync-eio", 1)) { errno = EIO; return -1; }
  return real_fdatasync(fd);
}

ssize_t pwrite(int fd, const void *buf, size_t count, off_t offset) {
  REAL(pwrite);
  if (flag("enospc", 0) && is_database(fd)) { errno = ENOSPC; return -1; }
  return real_pwrite(fd, buf, count, offset);
}

ssize_t pwrite64(int fd, const void *buf, size_t count, off_t offset) {
  REAL(pwrite64);
  if (flag("enospc", 0) && is_database(fd)) { errno = ENOSPC; return -1; }
  return real_pwrite64(fd, buf, count, offset);
}
