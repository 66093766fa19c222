// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QTemporaryDir>

// A throwaway PKI made with the openssl CLI for TLS tests: a CA, a server certificate for
// localhost / 127.0.0.1 signed by it, a client certificate signed by it, and an unrelated CA
// (to prove that a certificate from the wrong CA is refused).
class TestCertificates final
{
public:
    TestCertificates() = default;
    Q_DISABLE_COPY_MOVE(TestCertificates)

    bool generate(QString *error = nullptr);

    QString caFile() const { return path(QStringLiteral("ca.crt")); }
    QString serverCert() const { return path(QStringLiteral("server.crt")); }
    QString serverKey() const { return path(QStringLiteral("server.key")); }
    QString clientCert() const { return path(QStringLiteral("client.crt")); }
    QString clientKey() const { return path(QStringLiteral("client.key")); }
    QString otherCaFile() const { return path(QStringLiteral("other-ca.crt")); }

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    bool openssl(const QStringList &args, QString *error);

    QTemporaryDir m_dir;
};
