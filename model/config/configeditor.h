// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

class ConfigModel;
class QlessSession;

// Changes qless's configuration for the Config page: `config set` and `config unset` through the
// typed API, one write at a time. A value is checked here first, by the rule the script applies
// (lua/lib/20-config.lua: an option qless reads as a number takes a number, any number), so that
// a mistyped value is explained before anything is sent; the script still checks, and its refusal
// is shown as it words it. A number qless accepts but that does something an operator would not
// expect (a heartbeat of 0, a fractional count, max-concurrency 0 meaning no limit) is not refused:
// it is explained by warning() and sent only once confirmed. Every write that reaches the server
// is audited through the session (action "config set" / "config unset", arguments {option, value,
// previous}, count 0, outcome "done" or "failed"), and the table is read again afterwards.
// Refusals made here (a bad value, a read-only connection, a write already running) send nothing
// and are not audited: nothing was written.
class ConfigEditor final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConfigEditor)

public:
    // `session` and `model` must outlive the editor; `model` is refreshed after each write.
    ConfigEditor(QlessSession *session, ConfigModel *model, QObject *parent = nullptr);

    // Options whose value the script requires to be a number: every option current qless reads
    // as one (text there makes real workers' pops or completes fail), every `<queue>-heartbeat`
    // and every `<queue>-max-concurrency`.
    static bool isNumeric(const QString &option);
    // Counts qless hands to Redis (jobs-history-count, max-job-history, <queue>-max-concurrency):
    // a fraction there makes Redis refuse qless's call, at every complete, history entry or pop.
    static bool isCount(const QString &option);
    // Lock lengths: heartbeat and every <queue>-heartbeat.
    static bool isLockLength(const QString &option);
    // How long something is kept (jobs-history, jobs-history-count, stats-history,
    // histogram-history): a negative number there keeps nothing sensible.
    static bool isKeptLength(const QString &option);
    // "seconds", "days", "jobs", "entries", or empty for text options.
    static QString unitOf(const QString &option);
    // What would be sent for `value`: numbers without the spaces around them, text as typed.
    static QString normalized(const QString &option, const QString &value);
    // Why `value` cannot be set for `option`, in words for the operator; empty when it can.
    static QString problem(const QString &option, const QString &value);
    // What a value qless accepts would do that the operator may not expect, to be confirmed before
    // it is sent; empty when nothing needs saying (or the value has a problem()).
    static QString warning(const QString &option, const QString &value);
    // The finite decimals the scripts accept (12, -0.5, 1.7e+09), not hex, padding, inf or nan.
    static bool isScriptNumber(const QString &text);

    bool isBusy() const { return m_busy; }

    // Start a write. False, with `error` saying why, when it is refused here and nothing is sent
    // (a value with a warning() is refused until `confirmed`); otherwise finished() follows once
    // the write is audited and the table read again.
    bool set(const QString &option, const QString &value, QString *error = nullptr, bool confirmed = false);
    bool unset(const QString &option, QString *error = nullptr);

signals:
    void busyChanged(bool busy);
    // `message` says what happened: "heartbeat set to 30 (was 60)", or why the write failed.
    void finished(bool ok, const QString &message);

private:
    bool refuse(const QString &option, QString *error) const;
    void write(const QString &option, const QString &value, bool isSet);
    void setBusy(bool busy);
    void done(bool ok, const QString &message);

    QlessSession *m_session;
    ConfigModel *m_model;
    bool m_busy = false;
};
