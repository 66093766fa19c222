// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

// A private redis-server for one test executable: its own temp dir, a unix socket there and,
// when asked, a free loopback TCP port; never persisted (--save ''). The server dies with the
// test process even when the test crashes (PR_SET_PDEATHSIG), and stop() runs from the destructor.
class RedisServer final
{
public:
    struct Options
    {
        bool tcp = false;          // also listen on 127.0.0.1:<free port>
        bool debugCommand = false; // --enable-debug-command local (for DEBUG SLEEP / DIGEST)
        QStringList extraArgs;     // appended as given, e.g. {"--requirepass", "pw"}
    };

    RedisServer();
    explicit RedisServer(Options options);
    ~RedisServer();
    Q_DISABLE_COPY_MOVE(RedisServer)

    // Starts and waits until the server answers PING. Restarting keeps the same socket and port.
    bool start(QString *error = nullptr);
    void stop(); // SIGTERM, then wait
    void kill(); // SIGKILL, as a crash would
    bool isRunning() const;

    QString socketPath() const;
    quint16 port() const { return m_port; }
    QString directory() const;
    QString logText() const;
    // The server's process id, 0 when not running.
    qint64 processId() const;

private:
    bool startOnce(QString *error);
    QStringList arguments() const;

    Options m_options;
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_process;
    quint16 m_port = 0;
};
