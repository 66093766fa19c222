// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlogscanner.h"

#include "auditlogforwardreader.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cstring>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

namespace {

// What an append may add between two steps is read in pieces this large (a step stays short
// even when the log grew by a lot while nobody looked).
constexpr qint64 AppendedStepBytes = 8 * (qint64(1) << 20);

QByteArray readAt(QFile &file, qint64 offset, qint64 size)
{
    if (!file.seek(offset))
        return {};
    return file.read(size);
}

} // namespace

AuditLogScanner::AuditLogScanner(const QString &filePath)
    : m_filePath(filePath)
{}

bool AuditLogScanner::sameFileAtPath() const
{
#ifdef Q_OS_UNIX
    // Rotation renames the file away and writes a new one under the name: the name then leads to
    // another inode than the one we hold open.
    struct stat atPath = {};
    struct stat held = {};
    if (::stat(QFile::encodeName(m_filePath).constData(), &atPath) != 0 || ::fstat(m_file.handle(), &held) != 0)
        return false;
    return atPath.st_ino == held.st_ino && atPath.st_dev == held.st_dev;
#else
    return QFileInfo::exists(m_filePath);
#endif
}

void AuditLogScanner::restart(Step *step)
{
    m_file.close();
    m_opened = false;
    m_low = 0;
    m_high = 0;
    step->restarted = true;
    step->newer.clear();
    step->older.clear();
}

bool AuditLogScanner::endStillALineEnd()
{
    // Cut and written again past where we were, under the same inode: the byte before the end
    // read so far is then most likely no longer the '\n' it was.
    return m_high == 0 || readAt(m_file, m_high - 1, 1) == "\n";
}

bool AuditLogScanner::ensureOpen(Step *step)
{
    if (m_opened && (!sameFileAtPath() || m_file.size() < m_high || !endStillALineEnd()))
        restart(step); // replaced or cut: what was found belongs to another file
    if (m_opened)
        return true;

    const QFileInfo info(m_filePath);
    if (!info.exists())
        return false; // nothing written yet (or deleted): an empty log, no trouble
    if (info.isDir()) {
        step->error = tr("The audit log cannot be read: %1 is a folder.").arg(QDir::toNativeSeparators(m_filePath));
        return false;
    }
    m_file.setFileName(m_filePath);
    if (!m_file.open(QIODevice::ReadOnly)) {
        step->error = tr("The audit log cannot be read: %1").arg(m_file.errorString());
        return false;
    }
    m_opened = true;

    // The first pass starts after the last complete line; a line still being written waits.
    const qint64 size = m_file.size();
    qint64 end = size;
    while (end > 0) {
        const qint64 from = qMax<qint64>(0, end - DefaultChunkBytes);
        const QByteArray bytes = readAt(m_file, from, end - from);
        const qsizetype newline = bytes.lastIndexOf('\n');
        if (newline >= 0) {
            end = from + newline + 1;
            break;
        }
        end = from;
    }
    m_high = end;
    m_low = end;
    return true;
}

void AuditLogScanner::splitLines(const QByteArray &bytes, qint64 base, QList<AuditLine> *newestFirst)
{
    QList<AuditLine> oldestFirst;
    const char *data = bytes.constData();
    const char *const end = data + bytes.size();
    for (const char *start = data; start < end;) {
        const auto *newline = static_cast<const char *>(std::memchr(start, '\n', size_t(end - start)));
        if (!newline)
            break; // callers hand whole lines; anything after the last '\n' is not one yet
        if (!AuditLogForwardReader::isBlank(start, newline)) {
            AuditLine line;
            line.offset = quint64(base + (start - data));
            line.length = quint64(qMin<qint64>(newline - start, AuditLine::MaxLength));
            oldestFirst.append(line);
        }
        start = newline + 1;
    }
    newestFirst->reserve(newestFirst->size() + oldestFirst.size());
    std::copy(oldestFirst.crbegin(), oldestFirst.crend(), std::back_inserter(*newestFirst));
}

void AuditLogScanner::readAppended(Step *step)
{
    const qint64 size = m_file.size();
    qint64 from = m_high;
    qint64 span = AppendedStepBytes;
    while (from < size) {
        const QByteArray bytes = readAt(m_file, from, qMin(span, size - from));
        if (bytes.isEmpty())
            return; // a read that failed: the next step tries again
        const qsizetype newline = bytes.lastIndexOf('\n');
        if (newline < 0) {
            if (from + bytes.size() >= size)
                return; // a line still being written: read when its '\n' is there
            span *= 2;  // one line longer than a piece: a larger piece
            continue;
        }
        const QByteArray whole = bytes.left(newline + 1);
        QList<AuditLine> lines;
        splitLines(whole, from, &lines);
        // This piece is newer than what an earlier piece of the same step found: it goes first.
        lines.append(step->newer);
        step->newer = lines;
        from += whole.size();
        m_high = from;
        if (whole.size() >= AppendedStepBytes)
            return; // enough for one step; the rest comes with the next
    }
}

void AuditLogScanner::readBackward(Step *step, qint64 chunkBytes)
{
    if (m_low == 0)
        return;
    const qint64 end = m_low; // a line starts here, and the byte before it is a '\n'
    qint64 from = qMax<qint64>(0, end - chunkBytes);
    for (;;) {
        const QByteArray bytes = readAt(m_file, from, end - from);
        if (bytes.size() != end - from) {
            step->error = tr("The audit log cannot be read: %1").arg(m_file.errorString());
            return;
        }
        qsizetype cut = 0;
        if (from > 0) {
            // The piece before the first '\n' belongs to a line that starts further back.
            const qsizetype newline = bytes.indexOf('\n');
            if (newline < 0 || newline == bytes.size() - 1) {
                from = qMax<qint64>(0, from - chunkBytes); // one line longer than a chunk
                chunkBytes *= 2;
                continue;
            }
            cut = newline + 1;
        }
        splitLines(bytes.mid(cut), from + cut, &step->older);
        m_low = from + cut;
        return;
    }
}

AuditLogScanner::Step AuditLogScanner::step(qint64 chunkBytes)
{
    Step step;
    if (!ensureOpen(&step))
        return step;
    readAppended(&step);
    readBackward(&step, qMax<qint64>(1, chunkBytes));
    return step;
}

QList<QByteArray> AuditLogScanner::read(const QList<AuditLine> &lines)
{
    QList<QByteArray> out;
    if (!m_opened || lines.isEmpty())
        return out;
    qint64 first = lines.first().offset;
    qint64 last = first;
    for (const AuditLine &line : lines) {
        first = qMin<qint64>(first, line.offset);
        last = qMax<qint64>(last, qint64(line.offset) + qint64(line.length));
    }
    out.reserve(lines.size());
    // Rows on screen lie next to each other in the file: one read for all of them.
    if (last - first <= 4 * DefaultChunkBytes) {
        const QByteArray bytes = readAt(m_file, first, last - first);
        for (const AuditLine &line : lines)
            out.append(bytes.mid(qint64(line.offset) - first, qint64(line.length)));
        return out;
    }
    for (const AuditLine &line : lines)
        out.append(readAt(m_file, qint64(line.offset), qint64(line.length)));
    return out;
}

bool AuditLogScanner::forEachLine(const QString &filePath, const std::function<void(const QByteArray &)> &each,
                                  QString *error)
{
    AuditLogForwardReader reader(filePath);
    if (!reader.open(error))
        return false;
    while (!reader.atEnd()) {
        for (const QByteArray &line : reader.next())
            each(line);
    }
    return true;
}
