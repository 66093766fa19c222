// SPDX-License-Identifier: GPL-3.0-or-later
#include "bulksummary.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

namespace {
constexpr int examplesPerReason = 5;

qint64 sum(const QMap<QString, qint64> &counts)
{
    qint64 total = 0;
    for (qint64 count : counts)
        total += count;
    return total;
}

QString reasons(const QMap<QString, qint64> &counts)
{
    QStringList parts;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        parts << QStringLiteral("%1: %2").arg(it.key(), QLocale().toString(it.value()));
    return parts.join(QStringLiteral("; "));
}
} // namespace

qint64 BulkSummary::skippedCount() const
{
    return sum(skipped);
}

qint64 BulkSummary::failedCount() const
{
    return sum(failed);
}

void BulkSummary::addSkipped(const QString &reason, const QByteArray &jid, qint64 count)
{
    skipped[reason] += count;
    QList<QByteArray> &list = examples[reason];
    if (!jid.isEmpty() && list.size() < examplesPerReason)
        list.append(jid);
}

void BulkSummary::addFailed(const QString &error, const QByteArray &jid, qint64 count)
{
    failed[error] += count;
    QList<QByteArray> &list = examples[error];
    if (!jid.isEmpty() && list.size() < examplesPerReason)
        list.append(jid);
}

void BulkSummary::removeSkipped(const QString &reason, const QByteArray &jid, qint64 count)
{
    const qint64 left = skipped.value(reason) - count;
    if (left > 0)
        skipped[reason] = left;
    else
        skipped.remove(reason);
    auto it = examples.find(reason);
    if (it == examples.end())
        return;
    it->removeOne(jid);
    if (it->isEmpty() && !skipped.contains(reason) && !failed.contains(reason))
        examples.erase(it);
}

QString BulkSummary::outcome() const
{
    if (cancelled)
        return QStringLiteral("cancelled");
    if (done == 0 && (failedCount() > 0 || !stoppedBecause.isEmpty()))
        return QStringLiteral("failed");
    if (failedCount() > 0 || skippedCount() > 0 || notAttempted() > 0 || !stoppedBecause.isEmpty())
        return QStringLiteral("partial");
    return QStringLiteral("done");
}

QString BulkSummary::text() const
{
    const QLocale locale;
    QStringList parts;
    parts << (items == Items::Tasks ? tr("%1 of %Ln task(s) done", nullptr, int(total))
                                    : tr("%1 of %Ln job(s) done", nullptr, int(total)))
                 .arg(locale.toString(done));
    if (skippedCount() > 0)
        parts << tr("%1 skipped (%2)").arg(locale.toString(skippedCount()), reasons(skipped));
    if (failedCount() > 0)
        parts << tr("%1 failed (%2)").arg(locale.toString(failedCount()), reasons(failed));
    if (notAttempted() > 0)
        parts << tr("%1 not attempted").arg(locale.toString(notAttempted()));
    if (expected >= 0 && collected >= 0 && collected != expected) {
        // Nothing left out silently: the jobs the operator was told about but the run never saw.
        parts << tr("expected %1, collected %2 (the list changed before it was read to its end)")
                     .arg(locale.toString(expected), locale.toString(collected));
    }
    QString text = parts.join(QStringLiteral("; "));
    for (const QString &note : notes)
        text += QStringLiteral(". ") + note;
    if (cancelled)
        text += tr(". Stopped by the operator.");
    else if (!stoppedBecause.isEmpty())
        text += tr(". Stopped: %1").arg(stoppedBecause);
    return text;
}
