// SPDX-License-Identifier: GPL-3.0-or-later
#include "recorderlock.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

RecorderLock::RecorderLock(const QString &databasePath)
    : m_lockPath(databasePath + QStringLiteral(".lock"))
{}

RecorderLock::~RecorderLock()
{
    if (m_fd >= 0) {
        ::flock(m_fd, LOCK_UN);
        ::close(m_fd);
    }
}

bool RecorderLock::tryLock()
{
    if (m_fd >= 0)
        return true;
    // The lock is taken before the file is opened (which would make its folder): on a new
    // machine the history folder does not exist yet.
    QDir().mkpath(QFileInfo(m_lockPath).absolutePath());
    const QByteArray path = QFile::encodeName(m_lockPath);
    const int fd = ::open(path.constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        m_refusal = QStringLiteral("cannot open %1: %2").arg(m_lockPath, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int why = errno;
        char holder[32] = {};
        const ssize_t n = ::pread(fd, holder, sizeof holder - 1, 0);
        ::close(fd);
        const QString pid = n > 0 ? QString::fromLatin1(holder, int(n)).trimmed() : QString();
        m_refusal =
            why == EWOULDBLOCK
                ? (pid.isEmpty() ? QStringLiteral("another recorder holds %1").arg(m_lockPath)
                                 : QStringLiteral("process %1 records into this file").arg(pid))
                : QStringLiteral("cannot lock %1: %2").arg(m_lockPath, QString::fromLocal8Bit(std::strerror(why)));
        return false;
    }
    const QByteArray pid = QByteArray::number(qint64(::getpid())) + '\n';
    if (::ftruncate(fd, 0) == 0) {
        const ssize_t written = ::pwrite(fd, pid.constData(), size_t(pid.size()), 0);
        Q_UNUSED(written); // the pid is only for messages
    }
    m_fd = fd;
    m_refusal.clear();
    return true;
}
