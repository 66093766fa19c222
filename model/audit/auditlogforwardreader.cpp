// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlogforwardreader.h"

#include <QDir>
#include <QFileInfo>

AuditLogForwardReader::AuditLogForwardReader(const QString &filePath)
    : m_file(filePath)
{}

bool AuditLogForwardReader::open(QString *error)
{
    if (!m_file.exists())
        return true; // nothing written yet
    const bool folder = QFileInfo(m_file.fileName()).isDir();
    if (folder || !m_file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("The audit log cannot be read: %1")
                         .arg(folder ? tr("%1 is a folder").arg(QDir::toNativeSeparators(m_file.fileName()))
                                     : m_file.errorString());
        return false;
    }
    return true;
}

QList<QByteArray> AuditLogForwardReader::next(qint64 chunkBytes)
{
    QList<QByteArray> lines;
    while (lines.isEmpty() && !atEnd()) {
        QByteArray bytes = m_file.read(qMax<qint64>(1, chunkBytes));
        if (bytes.isEmpty())
            break;
        if (!m_carry.isEmpty())
            bytes.prepend(m_carry);
        const qsizetype lastNewline = bytes.lastIndexOf('\n');
        m_carry = lastNewline < 0 ? bytes : bytes.mid(lastNewline + 1);
        const char *data = bytes.constData();
        for (qsizetype start = 0; start <= lastNewline;) {
            const qsizetype newline = bytes.indexOf('\n', start);
            if (!isBlank(data + start, data + newline))
                lines.append(QByteArray(data + start, newline - start));
            start = newline + 1;
        }
    }
    return lines;
}

bool AuditLogForwardReader::isBlank(const char *begin, const char *end)
{
    // A record starts with '{': the loop ends at the first byte of any real line.
    for (const char *c = begin; c != end; ++c) {
        if (*c != ' ' && *c != '\t' && *c != '\r')
            return false;
    }
    return true;
}
