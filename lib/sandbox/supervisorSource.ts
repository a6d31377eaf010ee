// Generated from the C source below at first use (see ensureSupervisor in supervisor.ts); kept as
// a TypeScript string so the Next.js and CLI bundles carry it without a file lookup.
export const SUPERVISOR_SOURCE = String.raw`
// Evoscope's sandbox supervisor (compiled once with gcc into <data dir>/cache/sandbox, keyed by the
// hash of this source; lib/sandbox/supervisor.ts embeds it). It runs as root and:
//  1. takes a free slot (an unprivileged uid) with flock on <lockdir>/slot-<uid>.lock, so the
//     worker and a CLI sandboxing at the same moment never share a uid: RLIMIT_NPROC counts every
//     process of the uid on the machine, and "kill -1" as that uid must only hit this run;
//  2. forks bwrap as that uid with RLIMIT_NPROC / RLIMIT_AS / RLIMIT_CPU set (root ignores NPROC);
//  3. waits with a wall-clock limit, sampling /proc for the uid's task count (the process limit
//     being hit is otherwise invisible from outside: forks just fail);
//  4. kills every process of the uid (setuid(U) + kill(-1, SIGKILL)) when the run ends for any
//     reason, so a child that outlived its parent dies too, then reports on REPORT_FD:
//     "reason=... status=... wall_ms=... cpu_ms=... maxrss_kb=... peak_tasks=... uid=..."
// usage: supervisor REPORT_FD UID_BASE SLOTS LOCKDIR WALL_MS CPU_S AS_BYTES NPROC BWRAP ARGS...
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

// Tasks (threads included, as RLIMIT_NPROC counts them) whose /proc entry belongs to uid.
static int count_tasks(uid_t uid) {
  DIR *d = opendir("/proc");
  if (!d) return 0;
  struct dirent *e;
  int n = 0;
  char p[300];
  struct stat st;
  while ((e = readdir(d))) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    snprintf(p, sizeof p, "/proc/%s", e->d_name);
    if (stat(p, &st) != 0 || st.st_uid != uid) continue;
    snprintf(p, sizeof p, "/proc/%s/task", e->d_name);
    // procfs gives a task directory nlink = 2 + number of threads.
    if (stat(p, &st) == 0 && st.st_nlink > 2) n += (int)st.st_nlink - 2;
    else n += 1;
  }
  closedir(d);
  return n;
}

static int drop_to(uid_t uid) {
  if (setgroups(0, NULL) != 0) return -1;
  if (setresgid(uid, uid, uid) != 0) return -1;
  if (setresuid(uid, uid, uid) != 0) return -1;
  return 0;
}

// The bwrap process: its status and rusage are collected by whichever wait reaps it.
static pid_t main_pid = -1;
static int main_status = 0, main_done = 0;
static struct rusage main_ru;

static void reap(int block) {
  pid_t r;
  int st;
  struct rusage ru;
  while ((r = wait4(-1, &st, block ? 0 : WNOHANG, &ru)) > 0) {
    if (r == main_pid) {
      main_status = st;
      main_ru = ru;
      main_done = 1;
      if (block) return;
    }
  }
}

// kill(-1) as the uid hits exactly the processes of that uid (never the caller: it is excluded).
static void kill_uid(uid_t uid) {
  for (int i = 0; i < 200; i++) {
    reap(0);  // and orphans re-parented to us (subreaper)
    if (count_tasks(uid) == 0) return;  // the usual case: no fork needed
    pid_t k = fork();
    if (k == 0) {
      if (drop_to(uid) != 0) _exit(1);
      kill(-1, SIGKILL);
      _exit(0);
    }
    if (k > 0) waitpid(k, NULL, 0);
    usleep(1000);
  }
}

// Waits for a free slot; a stop request (SIGTERM, blocked until then) ends the wait.
static int take_slot(const char *dir, int base, int slots, int *lock_fd) {
  char p[4096];
  sigset_t pending;
  int start = getpid() % slots;
  for (;;) {
    for (int i = 0; i < slots; i++) {
      int uid = base + (start + i) % slots;
      snprintf(p, sizeof p, "%s/slot-%d.lock", dir, uid);
      int fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
      if (fd < 0) return -1;
      if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
        *lock_fd = fd;
        return uid;
      }
      close(fd);
    }
    sigpending(&pending);
    if (sigismember(&pending, SIGTERM) || sigismember(&pending, SIGINT) || sigismember(&pending, SIGHUP)) return -2;
    usleep(10000);
  }
}

static volatile sig_atomic_t dummy;
static void noop(int s) { dummy = s; }

// Inside the sandbox, as its pid 1 (bwrap --as-pid-1): runs the command, reaps orphans, and exits
// as soon as the command does (128+signal when it was killed), which makes the kernel kill every
// other process of the sandbox. Unlike bwrap's own init, it does not wait for orphans, and its
// rusage (reported outside through bwrap's wait) includes the command's CPU time and peak RSS.
static int init_main(char **cmd) {
  pid_t c = fork();
  if (c < 0) return 126;
  if (c == 0) {
    execvp(cmd[0], cmd);
    fprintf(stderr, "cannot run %s: %s\n", cmd[0], strerror(errno));
    _exit(127);
  }
  for (;;) {
    int st;
    pid_t r = wait(&st);
    if (r == c) return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    if (r < 0 && errno != EINTR) return 126;
  }
}

int main(int argc, char **argv) {
  if (argc >= 3 && strcmp(argv[1], "--init") == 0) return init_main(argv + 2);
  if (argc < 10) {
    fprintf(stderr, "usage: supervisor REPORT_FD UID_BASE SLOTS LOCKDIR WALL_MS CPU_S AS_BYTES NPROC BWRAP ARGS...\n");
    return 2;
  }
  int report_fd = atoi(argv[1]);
  int base = atoi(argv[2]), slots = atoi(argv[3]);
  const char *lockdir = argv[4];
  long wall_ms = atol(argv[5]);
  long cpu_s = atol(argv[6]);
  long long as_bytes = atoll(argv[7]);
  int nproc = atoi(argv[8]);
  int pid_margin = nproc / 16 > 2 ? nproc / 16 : 2;
  char **cmd = argv + 9;
  fcntl(report_fd, F_SETFD, FD_CLOEXEC);
  FILE *report = fdopen(report_fd, "w");
  if (!report) return 2;

  // The caller (Node) dying must not leave a run going: it becomes a stop request.
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGHUP);
  sigprocmask(SIG_BLOCK, &set, NULL);
  signal(SIGCHLD, noop);  // SIGCHLD's default is "ignore", which sigtimedwait may never see
  if (getppid() == 1) return 3;

  int lock_fd = -1;
  int uid = take_slot(lockdir, base, slots, &lock_fd);
  if (uid == -2) {
    fprintf(report, "reason=stopped\n");
    return 0;
  }
  if (uid < 0) {
    fprintf(report, "reason=error message=cannot-lock-slot\n");
    return 0;
  }
  kill_uid(uid);  // leftovers of a supervisor that was killed outright

  long start = now_ms();
  pid_t pid = fork();
  main_pid = pid;
  if (pid < 0) {
    fprintf(report, "reason=error message=fork-failed\n");
    return 0;
  }
  if (pid == 0) {
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    signal(SIGCHLD, SIG_DFL);
    if (drop_to(uid) != 0) _exit(126);
    // After the uid change, which clears it: bwrap dies if the supervisor is killed outright.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) _exit(126);
    struct rlimit r;
    r.rlim_cur = r.rlim_max = (rlim_t)nproc;
    setrlimit(RLIMIT_NPROC, &r);
    r.rlim_cur = r.rlim_max = (rlim_t)as_bytes;
    setrlimit(RLIMIT_AS, &r);
    r.rlim_cur = (rlim_t)cpu_s;
    r.rlim_max = (rlim_t)cpu_s + 1;
    setrlimit(RLIMIT_CPU, &r);
    r.rlim_cur = r.rlim_max = 0;
    setrlimit(RLIMIT_CORE, &r);
    execv(cmd[0], cmd);
    _exit(127);
  }

  const char *reason = "exited";
  int peak = 0;
  // The end of the run wakes us at once (SIGCHLD); the tick only paces the /proc scan (about
  // 1 ms for 150 processes: every 50 ms keeps it near 2% of a core) and the wall clock.
  while (!main_done) {
    siginfo_t info;
    long left = wall_ms - (now_ms() - start);
    long wait = left < 50 ? (left < 1 ? 1 : left) : 50;
    struct timespec tick = {wait / 1000, (wait % 1000) * 1000000L};
    int sig = sigtimedwait(&set, &info, &tick);
    if (sig == SIGTERM || sig == SIGINT || sig == SIGHUP) {
      reason = "stopped";
      break;
    }
    reap(0);
    if (main_done) break;
    int n = count_tasks(uid);
    if (n > peak) peak = n;
    // A 50 ms sample rarely lands on the exact moment a fork bomb holds every slot (its
    // processes die and refork as forks fail), so the limit counts as hit within a margin.
    if (n + pid_margin >= nproc) { reason = "pids"; break; }
    if (now_ms() - start >= wall_ms) { reason = "wall"; break; }
  }
  if (!main_done) {
    kill_uid(uid);
    // bwrap itself runs as the uid, so it is dead now: collect its status and rusage.
    while (!main_done) {
      reap(1);
      if (errno == ECHILD) break;
    }
  }
  long wall = now_ms() - start;
  kill_uid(uid);  // a child that outlived its parent

  // rusage of bwrap covers its waited-for descendants: the sandboxed command included.
  struct rusage ru = main_ru;
  int status = main_status;
  long cpu = ru.ru_utime.tv_sec * 1000L + ru.ru_utime.tv_usec / 1000L + ru.ru_stime.tv_sec * 1000L + ru.ru_stime.tv_usec / 1000L;
  int exited = WIFEXITED(status), code = exited ? WEXITSTATUS(status) : -1;
  int signo = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  fprintf(report, "reason=%s exited=%d code=%d signal=%d wall_ms=%ld cpu_ms=%ld maxrss_kb=%ld peak_tasks=%d uid=%d\n", reason, exited,
          code, signo, wall, cpu, ru.ru_maxrss, peak, uid);
  fflush(report);
  close(lock_fd);
  return 0;
}
`;
