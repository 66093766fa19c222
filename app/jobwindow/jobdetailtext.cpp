// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobdetailtext.h"

#include "timetext.h"
#include "tonestyle.h"

#include <QCoreApplication>
#include <QLocale>
#include <QUrl>

namespace {
// Jobs with thousands of dependents exist; a label with thousands of links would crawl.
constexpr int LinkLimit = 50;
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
        return ToneStyle::span(ThemeColors::Tone::Muted, QCoreApplication::translate("JobDetailText", "none"));
    QStringList parts;
    for (const QString &value : values.mid(0, LinkLimit))
        parts << link(scheme, value);
    QString html = parts.join(QStringLiteral(", &nbsp;"));
    if (values.size() > LinkLimit)
        html += QCoreApplication::translate("JobDetailText", " … and %1 more")
                    .arg(QLocale().toString(values.size() - LinkLimit));
    return html;
}

QString stamp(double when, double now)
{
    if (when <= 0)
        return absent();
    return QStringLiteral("<span title='%1'>%2 %3</span>")
        .arg(TimeText::utc(when), TimeText::local(when),
             ToneStyle::span(ThemeColors::Tone::Muted, QStringLiteral("(%1)").arg(TimeText::relative(when, now))));
}

QString number(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

ThemeColors::Tone stateTone(const QString &state)
{
    return ThemeColors::stateTone(state, ThemeColors::Tone::Muted);
}

QString absent()
{
    return ToneStyle::span(ThemeColors::Tone::Muted, QStringLiteral("—"));
}
} // namespace JobDetailText
