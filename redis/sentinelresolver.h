#pragma once

#include "rediserror.h"
#include "respreader.h"

#include <QList>
#include <QObject>
#include <QPair>
#include <QString>

#include <functional>

class QTcpSocket;
class QTimer;

// Asks Redis Sentinels, one after another, where the master named `masterName` is
// (SENTINEL get-master-addr-by-name). Lives on the connection thread and never blocks it.
class SentinelResolver final : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(const QString &host, quint16 port, const RedisError &error)>;

    explicit SentinelResolver(QObject *parent = nullptr);

    // Replaces any lookup under way; `done` is called exactly once for this lookup.
    void resolve(const QList<QPair<QString, quint16>> &sentinels, const QString &masterName,
                 int timeoutMs, Done done);
    void cancel();

private:
    void tryNext();
    void finishAttempt(const QString &why);
    void onReadyRead();
    void closeSocket();

    QList<QPair<QString, quint16>> m_sentinels;
    QString m_masterName;
    int m_timeoutMs = 0;
    int m_next = 0;
    quint64 m_lookup = 0;
    Done m_done;
    QStringList m_failures;
    QTcpSocket *m_socket = nullptr;
    QTimer *m_timer = nullptr;
    RespReader m_reader;
};
