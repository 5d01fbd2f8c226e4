// SPDX-License-Identifier: GPL-2.0
/*
 * udpsink PORT: receive UDP datagrams on PORT (any address) until SIGTERM
 * or SIGINT, then print "udpsink: N datagrams B bytes" and exit 0. The
 * receiving application of the bench's UDP RX runs (scenarios/
 * gbeth-perf.sh), which busybox's nc (no -u) cannot be: one recv() per
 * datagram, as a plain application reads.
 */
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

int main(int argc, char **argv)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };
	unsigned long long n = 0, bytes = 0;
	struct sigaction sa = { .sa_handler = on_signal };
	char buf[65536];
	int fd, port;

	if (argc != 2 || (port = atoi(argv[1])) <= 0 || port > 65535) {
		fprintf(stderr, "usage: udpsink PORT\n");
		return 2;
	}
	/* no SA_RESTART: the signal ends a blocked recv() */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	sin.sin_port = htons(port);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sin, sizeof(sin)) < 0) {
		perror("udpsink");
		return 1;
	}
	while (!stop) {
		ssize_t r = recv(fd, buf, sizeof(buf), 0);

		if (r >= 0) {
			n++;
			bytes += r;
		} else if (errno != EINTR) {
			perror("udpsink: recv");
			return 1;
		}
	}
	printf("udpsink: %llu datagrams %llu bytes\n", n, bytes);
	return 0;
}
