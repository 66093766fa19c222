// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <QTimer>

#include <deque>

class QlessClient;

// The class of the jobs events name. qless publishes no class with its events, so the Events
// page asks for it (desk.summaries, SummariesPerCall jobs a call), gently: one call at a time,
// PauseMs apart, for the newest jids not known yet (at most MaxWanted waiting; older ones are
// let go: at 10,000 events a second most jobs are gone by the time they could be asked for).
// Bounded too: at most MaxKnown classes are kept, the first learned forgotten first. A job that
// no longer exists is remembered as such and not asked for again.
class JobClassCache final : public QObject
{
    Q_OBJECT

public:
    static constexpr int MaxWanted = 500;
    static constexpr int MaxKnown = 10000;
    static constexpr int PauseMs = 200;

    explicit JobClassCache(QlessClient *client, QObject *parent = nullptr);

    // Empty when not known (yet), or the job was gone when asked.
    QString classOf(const QString &jid) const { return m_known.value(jid); }
    bool isKnown(const QString &jid) const { return m_known.contains(jid); }
    // Jids seen in events, oldest first; those not known are asked for soon.
    void want(const QStringList &jids);
    int knownCount() const { return int(m_known.size()); }
    int wantedCount() const { return int(m_wanted.size()); }

signals:
    // Some classes became known.
    void learned();

private:
    void askNext();
    void remember(const QString &jid, const QString &klass);

    QlessClient *m_client;
    QHash<QString, QString> m_known;
    std::deque<QString> m_order; // of m_known, first learned first
    QList<QString> m_wanted;     // oldest first
    QSet<QString> m_wantedSet;
    QTimer m_pause;
    bool m_asking = false;
};
