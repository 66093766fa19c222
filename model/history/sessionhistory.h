// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

class HistoryRecorder;
class HistoryStore;
class QlessSession;
struct AuditRecord;

// A session's part in its server's history: while a window (or the tray, which watches the
// window's session) has the session, the server is recorded. The store is the process's one for
// the server (HistoryRegistry), so two windows on one server share a file and a recorder: the
// first session to start one records, the others find it taken and try again now and then, as
// they do while another process records the file (its lock); either way the one left takes over
// when the recorder stops. This console's own writes that matter on a chart (a config change, a
// bulk run with its run id) are marked, from the session's audit records. Problems of the file
// (damaged and moved aside, full, locked) come as problem(): never a crash. The session's alerts
// read their trend rules from this store (AlertCenter finds it: history knows nothing of alerts).
class SessionHistory final : public QObject
{
    Q_OBJECT

public:
    static constexpr int RetryMs = 15000;

    // Made on first use (a child of the session, gone with it), its recorder started.
    static SessionHistory *of(QlessSession *session);
    // The session's, when one was made; null otherwise (nothing is started).
    static SessionHistory *existing(const QlessSession *session);

    std::shared_ptr<HistoryStore> store() const { return m_store; }
    // This session's recorder, when it is the one recording the file; else null.
    HistoryRecorder *recorder() const { return m_recorder; }
    bool isRecording() const { return m_recorder != nullptr; }
    // Why this session does not record (another window or process does); empty when it does.
    QString whyNotRecording() const { return m_whyNot; }
    // How often a session that does not record tries to take over (tests make it short).
    void setRetryInterval(int ms);

signals:
    void recordingChanged(bool recording);
    // Something went wrong with the history file, for the status bar.
    void problem(const QString &text);

private:
    explicit SessionHistory(QlessSession *session);
    void tryToRecord();
    void mark(const AuditRecord &record);

    QlessSession *m_session;
    std::shared_ptr<HistoryStore> m_store;
    HistoryRecorder *m_recorder = nullptr; // a child: goes with this, or when it could not start
    QTimer m_retry;
    QString m_whyNot;
};
