#include "jobdetailtext.h"

#include "timetext.h"

#include <QCoreApplication>
#include <QLocale>
#include <QUrl>

namespace {
// Jobs with thousands of dependents exist; a label with thousands of links would crawl.
constexpr int LinkLimit = 50;

QString tr(const char *text)
{
    return QCoreApplication::translate("JobDetailView", text);
}
} // namespace

namespace JobDetailText {
QString link(const QString &scheme, const QString &value)
{
    return QStringLiteral("<a href=\"%1:%2\">%3</a>")
        .arg(scheme, QString::fromLatin1(QUrl::toPercentEncoding(value)), value.toHtmlEscaped());
}

QString links(const QString &scheme, const QStringList &values)
{
    if (values.isEmpty())
        return QStringLiteral("<span style='color:gray'>%1</span>").arg(tr("none"));
    QStringList parts;
    for (const QString &value : values.mid(0, LinkLimit))
        parts << link(scheme, value);
    QString html = parts.join(QStringLiteral(", &nbsp;"));
    if (values.size() > LinkLimit)
        html += tr(" … and %1 more").arg(QLocale().toString(values.size() - LinkLimit));
    return html;
}

QString stamp(double when, double now)
{
    if (when <= 0)
        return absent();
    return QStringLiteral("<span title='%1'>%2 <span style='color:gray'>(%3)</span></span>")
        .arg(TimeText::utc(when), TimeText::local(when), TimeText::relative(when, now));
}

QString number(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QString stateColour(const QString &state)
{
    if (state == QLatin1String("failed"))
        return QStringLiteral("#c62828");
    if (state == QLatin1String("stalled"))
        return QStringLiteral("#e65100");
    if (state == QLatin1String("running"))
        return QStringLiteral("#1565c0");
    if (state == QLatin1String("complete"))
        return QStringLiteral("#2e7d32");
    if (state == QLatin1String("scheduled") || state == QLatin1String("depends"))
        return QStringLiteral("#6a1b9a");
    return QStringLiteral("#546e7a");
}

QString absent()
{
    return QStringLiteral("<span style='color:gray'>—</span>");
}
} // namespace JobDetailText
