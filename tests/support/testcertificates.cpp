// SPDX-License-Identifier: GPL-3.0-or-later
#include "testcertificates.h"

#include <QFile>
#include <QProcess>

bool TestCertificates::openssl(const QStringList &args, QString *error)
{
    QProcess process;
    process.setWorkingDirectory(m_dir.path());
    process.start(QStringLiteral("openssl"), args);
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        if (error) {
            *error = QStringLiteral("openssl %1 failed: %2")
                         .arg(args.join(QLatin1Char(' ')), QString::fromLocal8Bit(process.readAllStandardError()));
        }
        return false;
    }
    return true;
}

bool TestCertificates::generate(QString *error)
{
    if (!m_dir.isValid())
        return false;
    QFile ext(path(QStringLiteral("server.ext")));
    if (!ext.open(QIODevice::WriteOnly))
        return false;
    ext.write("subjectAltName=DNS:localhost,IP:127.0.0.1\n");
    ext.close();

    auto selfSigned = [this, error](const QString &name, const QString &subject) {
        return openssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                        QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-keyout"),
                        name + QStringLiteral(".key"), QStringLiteral("-out"), name + QStringLiteral(".crt"),
                        QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"), subject},
                       error);
    };
    auto signedBy = [this, error](const QString &name, const QString &subject, bool server) {
        if (!openssl({QStringLiteral("req"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
                      QStringLiteral("-nodes"), QStringLiteral("-keyout"), name + QStringLiteral(".key"),
                      QStringLiteral("-out"), name + QStringLiteral(".csr"), QStringLiteral("-subj"), subject},
                     error))
            return false;
        QStringList args{QStringLiteral("x509"),
                         QStringLiteral("-req"),
                         QStringLiteral("-in"),
                         name + QStringLiteral(".csr"),
                         QStringLiteral("-CA"),
                         QStringLiteral("ca.crt"),
                         QStringLiteral("-CAkey"),
                         QStringLiteral("ca.key"),
                         QStringLiteral("-CAcreateserial"),
                         QStringLiteral("-out"),
                         name + QStringLiteral(".crt"),
                         QStringLiteral("-days"),
                         QStringLiteral("2")};
        if (server)
            args << QStringLiteral("-extfile") << QStringLiteral("server.ext");
        return openssl(args, error);
    };
    return selfSigned(QStringLiteral("ca"), QStringLiteral("/CN=qlessdesk test CA"))
           && selfSigned(QStringLiteral("other-ca"), QStringLiteral("/CN=some other CA"))
           && signedBy(QStringLiteral("server"), QStringLiteral("/CN=localhost"), true)
           && signedBy(QStringLiteral("client"), QStringLiteral("/CN=qlessdesk client"), false);
}
