// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessionhistory.h"

#include "auditrecord.h"
#include "historypolicy.h"
#include "historyrecorder.h"
#include "historyregistry.h"
#include "historystore.h"
#include "qlesssession.h"

#include <QSettings>

SessionHistory *SessionHistory::of(QlessSession *session)
{
    SessionHistory *history = existing(session);
    return history ? history : new SessionHistory(session);
}

SessionHistory *SessionHistory::existing(const QlessSession *session)
{
    return session->findChild<SessionHistory *>(QStringLiteral("sessionHistory"), Qt::FindDirectChildrenOnly);
}

SessionHistory::SessionHistory(QlessSession *session)
    : QObject(session)
    , m_session(session)
{
    setObjectName(QStringLiteral("sessionHistory"));
    QSettings settings; // the retention and size limit the user chose
    m_store = HistoryRegistry::instance().store(HistoryRegistry::fileFor(session->settings()),
                                                HistoryPolicy::fromSettings(settings));
    // Problems already met by a store another window opened were told there.
    connect(m_store.get(), &HistoryStore::problem, this, &SessionHistory::problem);
    connect(session, &QlessSession::audited, this, &SessionHistory::mark);
    m_retry.setInterval(RetryMs);
    connect(&m_retry, &QTimer::timeout, this, &SessionHistory::tryToRecord);
    tryToRecord();
}

void SessionHistory::setRetryInterval(int ms)
{
    m_retry.setInterval(ms);
}

void SessionHistory::tryToRecord()
{
    if (m_recorder)
        return;
    auto *recorder = new HistoryRecorder(m_store, m_session->client(), m_session->settings(), this);
    QString why;
    if (!recorder->start(&why)) {
        delete recorder;
        m_whyNot = why;
        if (!m_retry.isActive())
            m_retry.start();
        return;
    }
    m_retry.stop();
    m_whyNot.clear();
    m_recorder = recorder;
    emit recordingChanged(true);
}

void SessionHistory::mark(const AuditRecord &record)
{
    HistoryMark mark;
    mark.timeMs = record.time.isValid() ? record.time.toMSecsSinceEpoch() : QDateTime::currentMSecsSinceEpoch();
    const QString run = record.arguments.value(QStringLiteral("run")).toString();
    if (record.action.startsWith(QLatin1String("config "))) {
        if (record.outcome == QLatin1String("failed"))
            return; // nothing changed (or nobody knows): no mark
        mark.kind = HistoryMark::Kind::ConfigChange;
        mark.text = record.message.isEmpty() ? record.action : record.message;
    } else if (!run.isEmpty()) {
        // A bulk run writes a row when it starts and one when it ends: both marked, with its id.
        mark.kind = HistoryMark::Kind::BulkRun;
        mark.ref = run;
        mark.text = QStringLiteral("%1 %2: %3").arg(record.action, record.outcome, record.message);
    } else {
        return; // one job's write: not a mark (a pause is marked by the recorder's samples)
    }
    HistoryBatch batch;
    batch.marks << mark;
    // Written when this process records the file, whichever of its sessions does.
    m_store->append(batch);
}
