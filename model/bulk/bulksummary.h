// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

// How a bulk run ended, exactly: every job it was given is counted once, as done, skipped (with
// the reason: it changed meanwhile, it is gone, it has dependents) or failed (with the error), or
// as not attempted when the operator stopped the run.
struct BulkSummary
{
    Q_DECLARE_TR_FUNCTIONS(BulkSummary)

public:
    qint64 total = 0; // jobs the run set out to do (known after collecting)
    qint64 done = 0;
    QMap<QString, qint64> skipped; // reason -> jobs
    QMap<QString, qint64> failed;  // error -> jobs
    // A few jids per reason, so a person can go and look.
    QMap<QString, QList<QByteArray>> examples;
    bool cancelled = false; // the operator stopped it
    QString stoppedBecause; // the run could not go on (collecting failed, read-only, ...)
    // What the operator should know about how the counts were reached (the server restarted
    // during the run and what was counted before was checked again), one sentence each.
    QStringList notes;
    // A list's jobs: how many the operator was told about, and how many were found when the run
    // read the list (fewer when jobs left it meanwhile); -1 when not a list.
    qint64 expected = -1;
    qint64 collected = -1;
    // What the run acts on, as text() names them: qless's jobs, or the tasks of Blueque.
    enum class Items { Jobs, Tasks };
    Items items = Items::Jobs;

    qint64 skippedCount() const;
    qint64 failedCount() const;
    qint64 processed() const { return done + skippedCount() + failedCount(); }
    qint64 notAttempted() const { return qMax<qint64>(0, total - processed()); }

    void addSkipped(const QString &reason, const QByteArray &jid, qint64 count = 1);
    void addFailed(const QString &error, const QByteArray &jid, qint64 count = 1);
    // Takes back jobs counted skipped that turned out not to be settled (a batch the server lost).
    void removeSkipped(const QString &reason, const QByteArray &jid, qint64 count = 1);

    // "done", "partial", "cancelled" or "failed", as the audit log records outcomes.
    QString outcome() const;
    // One paragraph for people: "1,200 done; 3 skipped (job no longer exists: 3); ..."
    QString text() const;
};
