// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlogmodel.h"

#include "auditlog.h"
#include "themecolors.h"
#include "timetext.h"

#include <QBrush>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

AuditLogModel::AuditLogModel(const QString &filePath, QObject *parent)
    : QAbstractTableModel(parent)
    , m_filePath(filePath)
    , m_reader(new AuditLogReader(filePath))
{
    m_thread.setObjectName(QStringLiteral("auditLogReader"));
    m_insertTimer.setSingleShot(true);
    m_insertTimer.setInterval(InsertPauseMs);
    connect(&m_insertTimer, &QTimer::timeout, this, &AuditLogModel::insertOlder);
    m_reader->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_reader, &QObject::deleteLater);
    connect(m_reader, &AuditLogReader::found, this, &AuditLogModel::take);
    connect(m_reader, &AuditLogReader::decoded, this, &AuditLogModel::takeDecoded);
    m_thread.start();
    reload();
}

AuditLogModel::~AuditLogModel()
{
    // The reader's steps are short (a chunk of the file each): this waits for one at most.
    m_thread.quit();
    m_thread.wait();
}

void AuditLogModel::reload()
{
    QMetaObject::invokeMethod(m_reader, &AuditLogReader::readMore, Qt::QueuedConnection);
}

void AuditLogModel::take(const AuditLogBatch &batch)
{
    if (batch.restarted || batch.generation != m_generation) {
        // Another file now (rotated, cut, written anew): nothing of the old one stands.
        beginResetModel();
        m_lines.clear();
        m_older.clear();
        m_insertTimer.stop();
        m_decoded.clear();
        m_asked.clear();
        m_wantedBlocks.clear();
        m_damaged.clear();
        m_generation = batch.generation;
        endResetModel();
    }
    if (!batch.newer.isEmpty()) {
        beginInsertRows({}, 0, int(batch.newer.size()) - 1);
        m_lines.insert(0, batch.newer.size(), AuditLine{});
        std::copy(batch.newer.cbegin(), batch.newer.cend(), m_lines.begin());
        endInsertRows();
    }
    if (!batch.older.isEmpty()) {
        // Room for the whole log at once, with some to spare for the estimate being short:
        // growing a list of a million rows copies all of it, on this thread.
        if (m_lines.capacity() < batch.expectedLines)
            m_lines.reserve(qsizetype(double(batch.expectedLines) * 1.1));
        m_older.append(batch.older);
        if (!m_insertTimer.isActive())
            insertOlder();
    }
    m_readerComplete = batch.complete;
    m_error = batch.error;
    emit statusChanged();
}

void AuditLogModel::insertOlder()
{
    if (m_older.isEmpty())
        return;
    // A view takes in rows at a cost per row (its header keeps each one) and then paints itself
    // again whole, wherever they went: slices with time between them keep the GUI thread's turns
    // short however large the piece the reader found.
    QElapsedTimer took;
    took.start();
    const qsizetype count = qMin<qsizetype>(m_older.size(), m_sliceRows);
    const int first = int(m_lines.size());
    beginInsertRows({}, first, first + int(count) - 1);
    m_lines.resize(first + count);
    std::copy(m_older.cbegin(), m_older.cbegin() + count, m_lines.begin() + first);
    m_older.remove(0, count);
    endInsertRows();
    // Halfway to the size that would have taken InsertSliceMs: one slow slice (the machine busy
    // elsewhere) does not swing the next far.
    const double ms = double(took.nsecsElapsed()) / 1e6;
    if (count == m_sliceRows && ms > 0) {
        const double ideal = double(count) * InsertSliceMs / ms;
        m_sliceRows = qBound(InsertSliceMinRows, int((m_sliceRows + ideal) / 2), InsertSliceMaxRows);
    }
    if (m_older.isEmpty()) {
        emit statusChanged();
        return;
    }
    m_insertTimer.start();
}

void AuditLogModel::want(int row) const
{
    // The blocks on either side too: the next page up or down is then decoded before it is
    // scrolled to, and paints once, not first empty.
    const int block = row / BlockRows;
    m_wantedBlocks.insert(block);
    m_wantedBlocks.insert(block + 1);
    if (block > 0)
        m_wantedBlocks.insert(block - 1);
    if (m_askQueued)
        return;
    // A view asks row by row while it paints: the rows it asks for go out together afterwards.
    m_askQueued = true;
    QMetaObject::invokeMethod(const_cast<AuditLogModel *>(this), &AuditLogModel::askForWanted, Qt::QueuedConnection);
}

void AuditLogModel::askForWanted()
{
    m_askQueued = false;
    QList<AuditLine> lines;
    for (const int block : std::as_const(m_wantedBlocks)) {
        const int end = qMin(int(m_lines.size()), (block + 1) * BlockRows);
        for (int row = block * BlockRows; row < end; ++row) {
            const AuditLine line = m_lines.at(row);
            if (!m_decoded.contains(line.offset) && !m_asked.contains(line.offset)) {
                m_asked.insert(line.offset);
                lines.append(line);
            }
        }
    }
    m_wantedBlocks.clear();
    if (lines.isEmpty())
        return;
    QMetaObject::invokeMethod(
        m_reader, [reader = m_reader, generation = m_generation, lines] { reader->decode(generation, lines); },
        Qt::QueuedConnection);
}

void AuditLogModel::takeDecoded(quint64 generation, const QList<AuditLogEntry> &entries)
{
    if (generation != m_generation)
        return;
    int first = int(m_lines.size());
    int last = -1;
    bool moreDamage = false;
    for (const AuditLogEntry &entry : entries) {
        m_asked.remove(entry.offset);
        if (entry.damaged && !m_damaged.contains(entry.offset)) {
            m_damaged.insert(entry.offset);
            moreDamage = true;
        }
        m_decoded.insert(entry.offset, new AuditLogEntry(entry));
        const int row = rowOf(entry.offset);
        if (row >= 0) {
            first = qMin(first, row);
            last = qMax(last, row);
        }
    }
    if (last >= 0)
        emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
    if (moreDamage)
        emit statusChanged();
}

int AuditLogModel::rowOf(quint64 offset) const
{
    const auto it = std::lower_bound(m_lines.cbegin(), m_lines.cend(), offset,
                                     [](const AuditLine &line, quint64 value) { return line.offset > value; });
    return it != m_lines.cend() && it->offset == offset ? int(it - m_lines.cbegin()) : -1;
}

int AuditLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_lines.size());
}

QString AuditLogModel::detailsText(const AuditRecord &record)
{
    QStringList parts;
    for (auto it = record.arguments.constBegin(); it != record.arguments.constEnd(); ++it) {
        const QJsonValue value = it.value();
        QString text;
        if (value.isString())
            text = value.toString();
        else if (value.isArray())
            text = QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
        else if (value.isObject())
            text = QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
        else if (value.isNull() || value.isUndefined())
            text = tr("none");
        else
            text = value.toVariant().toString();
        parts << it.key() + QLatin1Char('=') + text;
    }
    QString details = parts.join(QStringLiteral(", "));
    if (!record.message.isEmpty()) {
        // One line in a table cell; the tooltip has the message whole.
        const QString firstLine = record.message.section(QLatin1Char('\n'), 0, 0);
        details += (details.isEmpty() ? QString() : QStringLiteral("; ")) + firstLine;
    }
    return details;
}

QString AuditLogModel::outcomeText(const QString &outcome) const
{
    if (outcome == QLatin1String("done"))
        return tr("Done");
    if (outcome == QLatin1String("failed"))
        return tr("Failed");
    if (outcome == QLatin1String("partial"))
        return tr("Partial");
    if (outcome == QLatin1String("cancelled"))
        return tr("Cancelled");
    if (outcome == QLatin1String("started"))
        return tr("Started"); // a bulk run's first record; its end follows with the same run id
    return outcome;           // written by a newer version: show it as it is
}

int AuditLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AuditLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole && section == CountColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn: return tr("Time");
    case ServerColumn: return tr("Server");
    case ActionColumn: return tr("Action");
    case DetailsColumn: return tr("Details");
    case CountColumn: return tr("Jobs");
    case OutcomeColumn: return tr("Outcome");
    default: return {};
    }
}

QVariant AuditLogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AuditLine line = m_lines.at(index.row());
    if (role == KeyRole)
        return QString::number(quint64(line.offset));
    const AuditLogEntry *entry = m_decoded.object(line.offset);
    if (!entry)
        want(index.row()); // asked about: it is about to be shown
    if (role == DecodedRole)
        return entry != nullptr;
    if (!entry) {
        // Read in a moment: a mark, not an empty row that looks like the end of the log.
        if (role == Qt::DisplayRole && index.column() == TimeColumn)
            return QStringLiteral("…");
        return {};
    }
    return decodedData(*entry, index.column(), role);
}

QVariant AuditLogModel::decodedData(const AuditLogEntry &entry, int column, int role) const
{
    if (entry.damaged) {
        // Said plainly where a record would be: a crash mid-write or a hand edit, with the line's
        // start to find it by. Nothing of it is trusted as a record.
        switch (role) {
        case Qt::DisplayRole:
            if (column == ActionColumn)
                return tr("damaged line");
            if (column == DetailsColumn)
                return entry.text;
            if (column == OutcomeColumn)
                return tr("Not a record");
            return {};
        case SortRole: return column == OutcomeColumn ? QStringLiteral("damaged") : QVariant();
        case Qt::ToolTipRole:
            return tr("This line of the log is not a record (a crash while writing, or a hand edit); it starts at "
                      "byte %1 of the file.")
                .arg(quint64(entry.offset));
        default: return {};
        }
    }
    const AuditRecord &row = entry.record;
    switch (role) {
    case RunRole: return row.arguments.value(QStringLiteral("run")).toString();
    case Qt::DisplayRole:
        switch (column) {
        // Local time to the second for reading; the file and the CSV keep UTC with milliseconds.
        case TimeColumn: return entry.timeText;
        case ServerColumn: return row.server;
        case ActionColumn: return row.action;
        case DetailsColumn: return entry.text;
        case CountColumn: return QLocale().toString(row.count);
        case OutcomeColumn: return outcomeText(row.outcome);
        default: return {};
        }
    case SortRole:
        switch (column) {
        case TimeColumn: return row.time.toMSecsSinceEpoch();
        case ServerColumn: return row.server;
        case ActionColumn: return row.action;
        case DetailsColumn: return entry.text;
        case CountColumn: return row.count;
        case OutcomeColumn: return row.outcome;
        default: return {};
        }
    case Qt::TextAlignmentRole:
        if (column == CountColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        // A write that did not finish is what someone looks for in this log.
        if (column == OutcomeColumn && row.outcome == QLatin1String("failed"))
            return QBrush(ThemeColors::text(ThemeColors::Tone::Bad));
        if (column == OutcomeColumn && row.outcome == QLatin1String("partial"))
            return QBrush(ThemeColors::text(ThemeColors::Tone::Warning));
        return {};
    case Qt::ToolTipRole:
        if (column == TimeColumn)
            return TimeText::utc(row.time);
        if (column == DetailsColumn && !row.message.isEmpty())
            return row.message;
        return {};
    default: return {};
    }
}
