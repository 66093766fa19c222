// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>

class ServerReads;

// What the window's search field means: a jid when a job with that jid exists (open its detail),
// a tag otherwise (list the tag's jobs). Asks Redis (the get script, a read) and answers through
// the callback on this object's thread; never blocks. Only the latest search answers: a reply for
// an older one (the operator typed again) is dropped.
class SearchResolver final : public QObject
{
    Q_OBJECT

public:
    struct Result
    {
        enum class Kind { Job, Tag, Error };
        Kind kind = Kind::Tag;
        QString text;   // what was searched, trimmed
        QByteArray jid; // Kind::Job: the job to open
        QString error;  // Kind::Error: why Redis could not say (the connection is down, ...)
    };
    using Done = std::function<void(const Result &result)>;

    explicit SearchResolver(ServerReads *reads, QObject *parent = nullptr);

    // Empty text (after trimming) answers nothing.
    void resolve(const QString &text, Done done);
    bool isBusy() const { return m_busy; }

private:
    ServerReads *m_reads;
    quint64 m_generation = 0;
    bool m_busy = false;
};
