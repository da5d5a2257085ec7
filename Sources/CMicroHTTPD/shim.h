#include <microhttpd.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
/* HTTPServer's HangupWatcher and MemoryTrim: Glibc does not bring these to Swift. */
#include <malloc.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <unistd.h>

/* DedicatedThread lowers one thread's priority, which takes its kernel thread id; glibc declares
   gettid() only under _GNU_SOURCE, which Swift's Glibc module is not built with. */
static inline pid_t
lc_gettid(void)
{
  return (pid_t) syscall(SYS_gettid);
}

// The variadic MHD entry points are not imported into Swift (and CVarArg is easy to get wrong),
// so the few we need are wrapped here with fixed argument lists.

static inline struct MHD_Daemon *
lc_mhd_start_daemon(unsigned int flags, uint16_t port,
                    MHD_AccessHandlerCallback dh, void *dh_cls,
                    const struct MHD_OptionItem *options)
{
  return MHD_start_daemon(flags, port, NULL, NULL, dh, dh_cls,
                          MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

static inline enum MHD_Result
lc_mhd_set_response_flags(struct MHD_Response *response, unsigned int flags)
{
  return MHD_set_response_options(response, (enum MHD_ResponseFlags) flags, MHD_RO_END);
}

/* Flags for a response that must go out as plain bytes with Connection: close (never chunked). */
static inline unsigned int
lc_mhd_http10_strict_flags(void)
{
  return (unsigned int) (MHD_RF_HTTP_1_0_COMPATIBLE_STRICT | MHD_RF_HTTP_1_0_SERVER);
}

/* Returns -1 when MHD has no socket for the connection. */
static inline int
lc_mhd_connection_fd(struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return (NULL == info) ? -1 : (int) info->connect_fd;
}

/* Returns 0 when MHD cannot tell (then the caller falls back to getsockname). */
static inline uint16_t
lc_mhd_bind_port(struct MHD_Daemon *daemon)
{
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return (NULL == info) ? 0 : info->port;
}

static inline int
lc_mhd_listen_fd(struct MHD_Daemon *daemon)
{
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
  return (NULL == info) ? -1 : (int) info->listen_fd;
}

static inline int
lc_tcp_notsent_lowat_option(void)
{
  return TCP_NOTSENT_LOWAT;
}

/* The socket context set in MHD_OPTION_NOTIFY_CONNECTION's callback, or NULL. */
static inline void *
lc_mhd_socket_context(struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return (NULL == info) ? NULL : info->socket_context;
}

/* True from the moment MHD has the whole request head (state HEADERS_RECEIVED) until the
   connection is reset for its next request: MHD reports the head's size only then. */
static inline _Bool
lc_mhd_request_head_parsed(struct MHD_Connection *connection)
{
  return NULL != MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
}
