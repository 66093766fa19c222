// SPDX-License-Identifier: GPL-3.0-or-later
#include "rtthrottle.h"

#include <QFile>

#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace {
const char *const SettingPath = "/proc/sys/kernel/sched_rt_runtime_us";

// What the signal handler writes back: a copy in static storage, since a handler may only use
// what needs no allocation (open, write, close, signal, raise).
char g_saved[32] = {};
size_t g_savedLength = 0;
const int HandledSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGSEGV, SIGABRT, SIGBUS, SIGFPE};

void writeBack()
{
    if (g_savedLength == 0)
        return;
    const int fd = ::open(SettingPath, O_WRONLY);
    if (fd >= 0) {
        [[maybe_unused]] const ssize_t written = ::write(fd, g_saved, g_savedLength);
        ::close(fd);
    }
    g_savedLength = 0;
}

void restoreAndRaise(int signal)
{
    writeBack();
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}
} // namespace

RtThrottle::~RtThrottle()
{
    restore();
}

QString RtThrottle::lift()
{
    QFile file(QString::fromLatin1(SettingPath));
    if (!file.open(QIODevice::ReadOnly)) {
        m_description = QStringLiteral("kept: cannot read %1").arg(file.fileName());
        return m_description;
    }
    const QByteArray value = file.readAll().trimmed();
    file.close();
    if (value == "-1") {
        m_description = QStringLiteral("none");
        return {};
    }
    if (value.isEmpty() || size_t(value.size()) >= sizeof g_saved) {
        m_description = QStringLiteral("kept: unexpected value \"%1\"").arg(QString::fromLatin1(value));
        return m_description;
    }
    std::memcpy(g_saved, value.constData(), size_t(value.size()));
    g_savedLength = size_t(value.size());
    for (const int signal : HandledSignals)
        std::signal(signal, restoreAndRaise);
    if (!file.open(QIODevice::WriteOnly) || file.write("-1") != 2 || !file.flush()) {
        const QString why = file.errorString();
        g_savedLength = 0;
        for (const int signal : HandledSignals)
            std::signal(signal, SIG_DFL);
        m_description = QStringLiteral("kept (%1 us a second): %2").arg(QString::fromLatin1(value), why);
        return m_description;
    }
    m_saved = value;
    m_description = QStringLiteral("lifted for the run (was %1 us a second)").arg(QString::fromLatin1(value));
    return {};
}

void RtThrottle::restore()
{
    if (m_saved.isEmpty())
        return;
    writeBack();
    for (const int signal : HandledSignals)
        std::signal(signal, SIG_DFL);
    m_saved.clear();
}
