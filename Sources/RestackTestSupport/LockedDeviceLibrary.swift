import Foundation

/// A device that locks for another process: a small shared library that, loaded into a program
/// with `LD_PRELOAD` (Linux), makes `open` of one store's files fail with `EPERM`, as iOS data
/// protection does while the device is locked. The program's own SQLite (its real file layer,
/// not ``LockedDevice``'s) meets the refusal. Built from C with the machine's compiler into a
/// test's folder; where there is none, or on another system, ``isAvailable`` is `false` and the
/// tests that need it are skipped. Not part of Restack's API.
public enum LockedDeviceLibrary {
    /// The environment variable naming the store whose files are refused (its real path).
    public static let storeVariable = "RESTACK_LOCKED_STORE"
    /// The environment variable giving the refusal's `errno` (`EPERM` when unset).
    public static let errorVariable = "RESTACK_LOCKED_ERRNO"

    /// Whether a library can be built here.
    public static let isAvailable: Bool = {
        #if os(Linux)
        guard let folder = try? TemporaryFolder(prefix: "restack-interposer") else { return false }
        return (try? build(in: folder)) != nil
        #else
        return false
        #endif
    }()

    /// Builds the library in `folder`; returns its path.
    public static func build(in folder: TemporaryFolder) throws -> String {
        let source = folder.path("locked-device.c")
        let library = folder.path("locked-device.so")
        try Data(Self.source.utf8).write(to: URL(fileURLWithPath: source))
        for compiler in ["cc", "clang", "gcc"] {
            let built = try? ChildProcess.run("/usr/bin/env", [compiler, "-shared", "-fPIC", "-O1", "-o", library, source, "-ldl"], timeout: 60)
            if built?.termination == .exited(0) {
                return library
            }
        }
        throw CocoaError(.executableNotLoadable)
    }

    /// The environment that loads `library` and refuses the files of the store at `path`.
    public static func environment(_ library: String, locking path: String, errno: Int32? = nil) -> [String: String?] {
        ["LD_PRELOAD": library, storeVariable: path, errorVariable: errno.map(String.init)]
    }

    private static let source = #"""
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <errno.h>
        #include <fcntl.h>
        #include <stdarg.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/types.h>

        /* Whether `path` is the locked store's file or one of its side files. */
        static int locked(const char *path) {
            const char *store = getenv("RESTACK_LOCKED_STORE");
            if (store == NULL || path == NULL) return 0;
            size_t length = strlen(store);
            if (strncmp(path, store, length) != 0) return 0;
            const char *rest = path + length;
            return *rest == 0 || strcmp(rest, "-wal") == 0 || strcmp(rest, "-shm") == 0 || strcmp(rest, "-journal") == 0;
        }

        static int refuse(void) {
            const char *given = getenv("RESTACK_LOCKED_ERRNO");
            errno = given ? atoi(given) : EPERM;
            return -1;
        }

        #define OPEN(name)                                                              \
            int name(const char *path, int flags, ...) {                                \
                mode_t mode = 0;                                                        \
                if (flags & (O_CREAT | O_TMPFILE)) {                                    \
                    va_list arguments;                                                  \
                    va_start(arguments, flags);                                         \
                    mode = (mode_t)va_arg(arguments, int);                              \
                    va_end(arguments);                                                  \
                }                                                                       \
                if (locked(path)) return refuse();                                      \
                int (*real)(const char *, int, ...) = dlsym(RTLD_NEXT, #name);          \
                return real(path, flags, mode);                                         \
            }
        OPEN(open)
        OPEN(open64)

        #define OPENAT(name)                                                            \
            int name(int folder, const char *path, int flags, ...) {                    \
                mode_t mode = 0;                                                        \
                if (flags & (O_CREAT | O_TMPFILE)) {                                    \
                    va_list arguments;                                                  \
                    va_start(arguments, flags);                                         \
                    mode = (mode_t)va_arg(arguments, int);                              \
                    va_end(arguments);                                                  \
                }                                                                       \
                if (locked(path)) return refuse();                                      \
                int (*real)(int, const char *, int, ...) = dlsym(RTLD_NEXT, #name);     \
                return real(folder, path, flags, mode);                                 \
            }
        OPENAT(openat)
        OPENAT(openat64)

        #define OPEN2(name)                                                             \
            int name(const char *path, int flags) {                                     \
                if (locked(path)) return refuse();                                      \
                int (*real)(const char *, int) = dlsym(RTLD_NEXT, #name);               \
                return real(path, flags);                                               \
            }
        OPEN2(__open_2)
        OPEN2(__open64_2)
        """#
}
