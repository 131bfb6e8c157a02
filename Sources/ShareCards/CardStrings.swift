/// The words a card draws around its values, in English, Spanish and Arabic; other languages
/// get English labels around their own text.
struct CardStrings: Sendable {
    var achievementUnlocked: String
    var levelUp: String
    var reachedLevel: String  // "{level}"
    var dayStreak: String
    var onAStreak: String
    var statistics: String
    var personalRecord: String
    var progress: String
    var challengeComplete: String
    var total: String
    var previous: String
    var improvement: String
    var points: String
    var unlocked: String
    var level: String
    var xp: String
    var toNextLevel: String
    var newUnlocks: String
    var of: String  // "{current} of {target}"
    var complete: String
    var daysActive: String
    var milestones: [Int: String]

    static func forLanguage(_ language: String) -> CardStrings {
        switch LanguageTag.primary(language) {
        case "es": spanish
        case "ar": arabic
        default: english
        }
    }

    static let english = CardStrings(
        achievementUnlocked: "Achievement unlocked",
        levelUp: "Level up",
        reachedLevel: "Level {level} reached!",
        dayStreak: "day streak",
        onAStreak: "On a streak!",
        statistics: "Statistics",
        personalRecord: "Personal record",
        progress: "Progress",
        challengeComplete: "Challenge complete",
        total: "Total",
        previous: "Previous",
        improvement: "Improvement",
        points: "Points",
        unlocked: "Unlocked",
        level: "Level",
        xp: "Total XP",
        toNextLevel: "to next level",
        newUnlocks: "New",
        of: "{current} of {target}",
        complete: "complete",
        daysActive: "of recent days active",
        milestones: [
            7: "One full week. Keep it going!", 30: "A whole month. Unstoppable!",
            100: "100 days. Legendary consistency!", 365: "A full year, every single day!",
        ]
    )

    static let spanish = CardStrings(
        achievementUnlocked: "Logro desbloqueado",
        levelUp: "Subida de nivel",
        reachedLevel: "¡Nivel {level} alcanzado!",
        dayStreak: "días de racha",
        onAStreak: "¡En racha!",
        statistics: "Estadísticas",
        personalRecord: "Récord personal",
        progress: "Progreso",
        challengeComplete: "Reto completado",
        total: "Total",
        previous: "Anterior",
        improvement: "Mejora",
        points: "Puntos",
        unlocked: "Desbloqueado",
        level: "Nivel",
        xp: "XP total",
        toNextLevel: "para el siguiente nivel",
        newUnlocks: "Nuevo",
        of: "{current} de {target}",
        complete: "completado",
        daysActive: "de los días recientes activos",
        milestones: [
            7: "Una semana completa. ¡Sigue así!", 30: "Un mes entero. ¡Imparable!",
            100: "100 días. ¡Constancia legendaria!", 365: "¡Un año completo, todos los días!",
        ]
    )

    static let arabic = CardStrings(
        achievementUnlocked: "إنجاز جديد",
        levelUp: "مستوى جديد",
        reachedLevel: "وصلت إلى المستوى {level}!",
        dayStreak: "يومًا متتاليًا",
        onAStreak: "سلسلة مستمرة!",
        statistics: "إحصاءات",
        personalRecord: "رقم قياسي شخصي",
        progress: "التقدم",
        challengeComplete: "اكتمل التحدي",
        total: "المجموع",
        previous: "السابق",
        improvement: "التحسن",
        points: "النقاط",
        unlocked: "تاريخ الفتح",
        level: "المستوى",
        xp: "مجموع الخبرة",
        toNextLevel: "للمستوى التالي",
        newUnlocks: "جديد",
        of: "{current} من {target}",
        complete: "مكتمل",
        daysActive: "من الأيام الأخيرة نشطة",
        milestones: [
            7: "أسبوع كامل. واصل!", 30: "شهر كامل. لا شيء يوقفك!",
            100: "100 يوم. مثابرة أسطورية!", 365: "سنة كاملة، كل يوم!",
        ]
    )
}
